import type { HealthRepository } from '../repositories/index.js';

// A health probe must answer even when the database hangs, e.g. with every connection busy.
const DATABASE_CHECK_TIMEOUT_MS = 2000;

export type HealthService = ReturnType<typeof createHealthService>;

export function createHealthService(deps: { health: HealthRepository }) {
  return {
    async databaseIsUp(): Promise<boolean> {
      let timer: NodeJS.Timeout | undefined;
      const timeout = new Promise<false>((resolve) => {
        timer = setTimeout(() => resolve(false), DATABASE_CHECK_TIMEOUT_MS);
      });
      const ping = deps.health.ping().then(
        () => true,
        () => false,
      );
      try {
        return await Promise.race([ping, timeout]);
      } finally {
        clearTimeout(timer);
      }
    },
  };
}
