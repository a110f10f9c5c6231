export * from './link.js';
export * from './live-lift.js';
