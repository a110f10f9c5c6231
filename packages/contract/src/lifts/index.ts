export * from './config.js';
export * from './config-routes.js';
export * from './link.js';
export * from './live-lift.js';
export * from './operate-routes.js';
export * from './refusals.js';
export * from './sessions.js';
