/** JOB_MAX_LEASE_EXPIRIES's default: a worker dying 20 times on one job is the job's doing. */
export const DEFAULT_MAX_LEASE_EXPIRIES = 20;
