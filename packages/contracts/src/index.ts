export * from './access.js';
export * from './endpoint.js';
export * from './endpoints/index.js';
export * from './endpoints/staff.js';
export * from './http.js';
export * from './messages.js';
export * from './permissions.js';
export * from './routes.js';
