export * from './clients.js';
export * from './users.js';
export * from './sessions.js';
export * from './two-fa-challenges.js';
export * from './outbox.js';
export * from './resource-types.js';
export * from './content.js';
export * from './audit-log.js';
