export * from './calls.js';
export * from './device.js';
export * from './link.js';
export * from './routes.js';
export * from './rules.js';
