export * from './common.js';
export * from './auth.js';
export * from './iam.js';
export * from './audit.js';
export * from './content.js';
export * from './registration.js';
export * from './ops-audit.js';
