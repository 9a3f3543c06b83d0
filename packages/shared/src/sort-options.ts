/**
 * GET /media/list sort_by (spec §7); Hot maps onto likes_*, Recent onto time_*. Plain values in a
 * module without zod, so that a page can read them without loading the schema library.
 */
export const SORT_OPTIONS = ['time_desc', 'time_asc', 'likes_desc', 'likes_asc'] as const;
export type SortOption = (typeof SORT_OPTIONS)[number];
export const DEFAULT_SORT: SortOption = 'time_desc';
