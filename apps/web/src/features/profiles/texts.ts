import type { SettingsField } from '@symposia/shared';

/**
 * The five privacy switches (spec §3 settings), in the order the settings panel lists them; their
 * labels and hints are `profiles:privacy.switches.<field>` in the catalogue.
 */
export const PRIVACY_FIELDS: readonly SettingsField[] = [
  'public_profile',
  'public_posts',
  'public_activities',
  'public_statistics',
  'public_contact',
];
