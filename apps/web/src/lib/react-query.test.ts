import { describe, expect, it } from 'vitest';
import { createQueryClient, whenQueriesSettled } from './react-query';

describe('whenQueriesSettled', () => {
  it('resolves at once when nothing is fetching', async () => {
    await expect(whenQueriesSettled(createQueryClient())).resolves.toBeUndefined();
  });

  it('waits until every fetch under way has its answer', async () => {
    const queryClient = createQueryClient();
    let answer!: (value: string) => void;
    void queryClient.fetchQuery({
      queryKey: ['post'],
      queryFn: () => new Promise<string>((resolve) => (answer = resolve)),
    });
    let settled = false;
    const waiting = whenQueriesSettled(queryClient).then(() => (settled = true));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(settled).toBe(false);
    answer('liked');
    await waiting;
    expect(queryClient.getQueryData(['post'])).toBe('liked');
  });
});
