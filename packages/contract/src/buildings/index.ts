export * from './buildings.js';
export * from './floors.js';
export * from './stations.js';
