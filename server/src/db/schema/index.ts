export * from './directory.js';
export * from './region.js';
