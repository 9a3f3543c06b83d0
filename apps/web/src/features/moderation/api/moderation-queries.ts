import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { MODERATION_DEFAULT_LIMIT } from '@symposia/shared';
import type { AnswerSchema } from '@/lib/answer-schema';
import { api } from '@/lib/api-client';

/** Every moderation query sits under this key, so an action refreshes all the lists at once. */
export const moderationQueryRoot = ['moderation'] as const;

type ModerationList<T> = {
  /** The list's place under moderationQueryRoot, e.g. `['log']`. */
  key: readonly unknown[];
  path: string;
  schema: AnswerSchema<T[]>;
  /** Filters sent before skip and limit, e.g. `{ status }`. */
  params?: Record<string, string>;
};

/**
 * One page of a moderators' list: GET path?…params&skip&limit, MODERATION_DEFAULT_LIMIT entries
 * from `skip`. Other moderators work the same lists, so each is shown as it is now whenever it is
 * opened; the page on screen stays while the next one loads (the pager waits on it).
 */
export const moderationPageQueryOptions = <T>(
  { key, path, schema, params }: ModerationList<T>,
  skip: number,
) =>
  queryOptions({
    queryKey: [...moderationQueryRoot, ...key, skip],
    queryFn: ({ signal }): Promise<T[]> =>
      api.get(path, {
        params: { ...params, skip, limit: MODERATION_DEFAULT_LIMIT },
        schema,
        signal,
      }),
    staleTime: 0,
    placeholderData: keepPreviousData,
  });
