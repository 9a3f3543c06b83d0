export * from './limits.js';
export * from './messages.js';
export * from './schemas/common.js';
export * from './schemas/auth.js';
export * from './schemas/users.js';
export * from './schemas/health.js';
export * from './schemas/media.js';
export * from './schemas/comments.js';
