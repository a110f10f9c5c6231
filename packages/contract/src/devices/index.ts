export * from './calls.js';
export * from './link.js';
export * from './routes.js';
