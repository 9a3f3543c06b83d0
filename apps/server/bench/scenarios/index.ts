import { authScenario } from './auth.js';
import { commentsScenario } from './comments.js';
import { postsScenario } from './posts.js';
import { processingScenario } from './processing.js';
import type { Scenario } from './types.js';
import { uploadScenario } from './upload.js';

/** Every scenario, in the order `npm run bench` runs them. Add new ones here. */
export const scenarios: Scenario[] = [
  authScenario,
  postsScenario,
  commentsScenario,
  uploadScenario,
  processingScenario,
];
