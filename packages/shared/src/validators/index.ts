export * from './rule.js';
export * from './basic.js';
export * from './identity.js';
export * from './network.js';
export * from './resources.js';
export * from './account-form.js';
export * from './zod.js';
export * from './message-keys.js';
