export * from './estimate.js';
export * from './network-estimate.js';
export * from './storage-estimate.js';
export * from './usage.js';
