export * from './estimate.js';
export * from './usage.js';
