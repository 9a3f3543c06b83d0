import { describe, expect, it, vi } from 'vitest';
import { withFallback, withSource } from './fallback.js';
import type { Analysis, AnalysisInput, Analyzer } from './types.js';

const input: AnalysisInput = {
  title: 'T',
  summary: 'S',
  content: 'C',
  tags: [],
  text: '',
  instruction: '',
};

function analysis(label: string): Analysis {
  return { overview: label, keyPoints: [label], tags: [label], topics: [label] };
}

function fake(provider: string, model: string, behaviour: () => Promise<Analysis>) {
  return {
    provider,
    model,
    analyze: vi.fn((_input: AnalysisInput, _options?: { signal?: AbortSignal }) => behaviour()),
  } satisfies Analyzer;
}

describe('withFallback', () => {
  it("returns the primary's analysis while the primary works", async () => {
    const primary = fake('openai', 'gpt', async () => analysis('primary'));
    const fallback = fake('embedded', 'fake', async () => analysis('fallback'));
    const analyzer = withFallback(primary, fallback);

    expect(analyzer.provider).toBe('openai');
    expect(analyzer.model).toBe('gpt');
    await expect(analyzer.analyzeWithSource(input)).resolves.toEqual({
      analysis: analysis('primary'),
      provider: 'openai',
      model: 'gpt',
    });
    await expect(analyzer.analyze(input)).resolves.toEqual(analysis('primary'));
    expect(fallback.analyze).not.toHaveBeenCalled();
  });

  it("returns the fallback's analysis, and says so, when the primary fails", async () => {
    const failure = new Error('endpoint down');
    const primary = fake('openai', 'gpt', () => Promise.reject(failure));
    const fallback = fake('embedded', 'fake', async () => analysis('fallback'));
    const log = vi.fn();
    const analyzer = withFallback(primary, fallback, log);

    await expect(analyzer.analyzeWithSource(input)).resolves.toEqual({
      analysis: analysis('fallback'),
      provider: 'embedded',
      model: 'fake',
      fallbackFrom: { provider: 'openai', model: 'gpt', error: 'endpoint down' },
    });
    expect(log).toHaveBeenCalledWith(
      'Analyzer openai/gpt failed; using embedded/fake instead',
      failure,
    );
    await expect(analyzer.analyze(input)).resolves.toEqual(analysis('fallback'));
  });

  it('passes the input and the signal on to both analyzers', async () => {
    const primary = fake('openai', 'gpt', () => Promise.reject(new Error('x')));
    const fallback = fake('embedded', 'fake', async () => analysis('fallback'));
    const { signal } = new AbortController();
    await withFallback(primary, fallback).analyzeWithSource(input, { signal });
    expect(primary.analyze).toHaveBeenCalledWith(input, { signal });
    expect(fallback.analyze).toHaveBeenCalledWith(input, { signal });
  });

  it('does not fall back when the signal was aborted', async () => {
    const controller = new AbortController();
    const primary = fake('openai', 'gpt', () => {
      controller.abort();
      return Promise.reject(new Error('aborted'));
    });
    const fallback = fake('embedded', 'fake', async () => analysis('fallback'));
    const log = vi.fn();
    await expect(
      withFallback(primary, fallback, log).analyzeWithSource(input, { signal: controller.signal }),
    ).rejects.toMatchObject({ name: 'AbortError' });
    expect(fallback.analyze).not.toHaveBeenCalled();
    expect(log).not.toHaveBeenCalled();
  });

  it("throws the fallback's error when both fail", async () => {
    const primary = fake('openai', 'gpt', () => Promise.reject(new Error('primary broke')));
    const fallback = fake('embedded', 'fake', () => Promise.reject(new Error('fallback broke')));
    await expect(withFallback(primary, fallback).analyze(input)).rejects.toThrow('fallback broke');
  });
});

describe('withSource', () => {
  it('wraps one analyzer so that it says it produced each analysis', async () => {
    const embedded = fake('embedded', 'textrank-1', async () => analysis('e'));
    const analyzer = withSource(embedded);
    expect(analyzer).toMatchObject({ provider: 'embedded', model: 'textrank-1' });
    await expect(analyzer.analyzeWithSource(input)).resolves.toEqual({
      analysis: analysis('e'),
      provider: 'embedded',
      model: 'textrank-1',
    });
    await expect(analyzer.analyze(input)).resolves.toEqual(analysis('e'));
  });
});
