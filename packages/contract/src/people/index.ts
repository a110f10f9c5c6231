export * from './fields.js';
export * from './names.js';
export * from './people.js';
