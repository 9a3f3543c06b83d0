import { commentsScenario } from './comments.js';
import { postsScenario } from './posts.js';
import { processingScenario } from './processing.js';
import { productionScenario } from './production.js';
import { relatedScenario } from './related.js';
import { searchScenario } from './search.js';
import type { Scenario } from './types.js';
import { uploadScenario } from './upload.js';

/** Every scenario, in the order `npm run bench` runs them. Add new ones here. */
export const scenarios: Scenario[] = [
  productionScenario,
  postsScenario,
  searchScenario,
  commentsScenario,
  uploadScenario,
  processingScenario,
  relatedScenario,
];
