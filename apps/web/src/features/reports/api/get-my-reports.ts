import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { MY_PAGE_LIST_PAGE_SIZE, type MyReport } from '@symposia/shared';
import { contract } from '@/lib/answer-schema';
import { api } from '@/lib/api-client';
import { useAuth } from '@/lib/auth-store';

/** GET /reports/mine?skip&limit: a page of the member's own reports, newest first. */
export function getMyReports(
  { skip, limit = MY_PAGE_LIST_PAGE_SIZE }: { skip: number; limit?: number },
  { signal }: { signal?: AbortSignal } = {},
): Promise<MyReport[]> {
  return api.get('/reports/mine', {
    params: { skip, limit },
    schema: contract('myReportListSchema'),
    signal,
  });
}

/** Every reader's own; a report sent reads them again (create-report.ts). */
export const myReportsKeyPrefix = ['reports', 'mine'] as const;

/** Pages as the other lists of My Page: MY_PAGE_LIST_PAGE_SIZE each, a shorter one the last. */
export const myReportsQueryOptions = (viewer: string) =>
  infiniteQueryOptions({
    queryKey: [...myReportsKeyPrefix, viewer],
    queryFn: ({ pageParam, signal }) => getMyReports({ skip: pageParam }, { signal }),
    initialPageParam: 0,
    getNextPageParam: (lastPage, allPages) =>
      lastPage.length < MY_PAGE_LIST_PAGE_SIZE
        ? undefined
        : MY_PAGE_LIST_PAGE_SIZE * allPages.length,
  });

export function useMyReports() {
  return useInfiniteQuery(myReportsQueryOptions(useAuth().user?.id ?? ''));
}
