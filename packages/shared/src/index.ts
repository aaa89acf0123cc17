export * from './constants.js';
export * from './routes/route-table.js';
export * from './routes/menu.js';
export * from './authority/authority.js';
export * from './errors/error-codes.js';
export * from './validators/index.js';
export * from './schemas/index.js';
export * from './authority/roles.js';
