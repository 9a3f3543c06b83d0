import { authScenario } from './auth.js';
import type { Scenario } from './types.js';

/** Every scenario, in the order `npm run bench` runs them. Add new ones here. */
export const scenarios: Scenario[] = [authScenario];
