export * from './clips.js';
export * from './deployments.js';
export * from './groups.js';
export * from './link.js';
export * from './routes.js';
export * from './schedule.js';
export * from './schedule-rules.js';
