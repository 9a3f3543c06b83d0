import type { AppDatabase } from '../db/index.js';
import { createHealthRepository } from './health-repository.js';
import { createSessionRepository } from './session-repository.js';
import { createUserRepository } from './user-repository.js';

export type Repositories = ReturnType<typeof createRepositories>;

export function createRepositories(db: AppDatabase) {
  return {
    users: createUserRepository(db),
    sessions: createSessionRepository(db),
    health: createHealthRepository(db),
  };
}

export { DuplicateKeyError } from './errors.js';
export type { HealthRepository } from './health-repository.js';
export type { SessionRepository } from './session-repository.js';
export type { UserRepository } from './user-repository.js';
