export * from './common.js';
export * from './auth.js';
