export { openDatabase } from './open.js';
export type { AppDatabase, DatabaseSchema } from './types.js';
