export * from './applications.js';
export * from './open-api.js';
export * from './routes.js';
export * from './scopes.js';
export * from './webhooks.js';
