export * from './fields.js';
export * from './people.js';
