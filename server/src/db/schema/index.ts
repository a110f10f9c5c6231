export * from './buildings.js';
export * from './directory.js';
export * from './region.js';
