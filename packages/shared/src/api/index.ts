export * from './api-routes.js';
export * from './api-path.js';
