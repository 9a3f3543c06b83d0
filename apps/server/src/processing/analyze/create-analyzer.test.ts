import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it, vi } from 'vitest';
import {
  ANALYZER_DEFAULTS,
  AnalyzerConfigError,
  createAnalyzer,
  resolveOpenAiSettings,
} from './create-analyzer.js';
import type { Analysis, AnalysisInput, Analyzer } from './types.js';

const input: AnalysisInput = {
  title: 'T',
  summary: 'S',
  content: 'C',
  tags: [],
  text: 'Some text.',
  instruction: '',
};

const embeddedAnalysis: Analysis = {
  overview: 'Embedded.',
  keyPoints: ['k'],
  tags: ['embedded'],
  topics: ['t'],
};

function fakeEmbedded(): Analyzer {
  return { provider: 'embedded', model: 'fake', analyze: vi.fn(async () => embeddedAnalysis) };
}

async function closedPortUrl(): Promise<string> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return `http://127.0.0.1:${port}/v1`;
}

describe('createAnalyzer', () => {
  it('AI_PROVIDER=embedded: the embedded analyzer, with analyzeWithSource', async () => {
    const analyzer = createAnalyzer({ provider: 'embedded' }, fakeEmbedded());
    expect(analyzer).toMatchObject({ provider: 'embedded', model: 'fake' });
    await expect(analyzer.analyzeWithSource(input)).resolves.toEqual({
      analysis: embeddedAnalysis,
      provider: 'embedded',
      model: 'fake',
    });
  });

  it('AI_PROVIDER=openai: the endpoint first', async () => {
    const answer = { overview: 'O.', keyPoints: ['K.'], tags: ['T'], topics: ['Q?'] };
    const server = createServer((req, res) => {
      req.resume();
      req.on('end', () => {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(
          JSON.stringify({
            id: 'c',
            object: 'chat.completion',
            created: 0,
            model: 'm',
            choices: [
              {
                index: 0,
                message: { role: 'assistant', content: JSON.stringify(answer) },
                finish_reason: 'stop',
              },
            ],
          }),
        );
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const { port } = server.address() as AddressInfo;
      const analyzer = createAnalyzer(
        { provider: 'openai', baseUrl: `http://127.0.0.1:${port}/v1`, apiKey: '', model: 'm' },
        fakeEmbedded(),
      );
      expect(analyzer).toMatchObject({ provider: 'openai', model: 'm' });
      await expect(analyzer.analyzeWithSource(input)).resolves.toEqual({
        analysis: { ...answer, tags: ['t'] },
        provider: 'openai',
        model: 'm',
      });
    } finally {
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });

  it('AI_PROVIDER=openai: falls back to the embedded analyzer when the endpoint is dead', async () => {
    const log = vi.fn();
    const analyzer = createAnalyzer(
      { provider: 'openai', baseUrl: await closedPortUrl(), model: 'gpt-4o-mini', maxAttempts: 1 },
      fakeEmbedded(),
      log,
    );
    const result = await analyzer.analyzeWithSource(input);
    expect(result).toMatchObject({
      analysis: embeddedAnalysis,
      provider: 'embedded',
      model: 'fake',
      fallbackFrom: { provider: 'openai', model: 'gpt-4o-mini' },
    });
    expect(log).toHaveBeenCalledOnce();
  });
});

describe('resolveOpenAiSettings', () => {
  it('fills in the defaults and allows an empty API key', () => {
    expect(
      resolveOpenAiSettings({
        provider: 'openai',
        baseUrl: ' http://localhost:11434/v1 ',
        model: 'llama3.1',
      }),
    ).toEqual({
      baseUrl: 'http://localhost:11434/v1',
      apiKey: '',
      model: 'llama3.1',
      timeoutMs: ANALYZER_DEFAULTS.timeoutMs,
      maxAttempts: ANALYZER_DEFAULTS.maxAttempts,
    });
  });

  it.each([
    [{}, /AI_BASE_URL is required when AI_PROVIDER=openai/],
    [{ baseUrl: '  ' }, /AI_BASE_URL is required/],
    [{ baseUrl: 'localhost:11434' }, /AI_BASE_URL must be an http\(s\) URL/],
    [{ baseUrl: 'not a url' }, /AI_BASE_URL must be an http\(s\) URL, got "not a url"/],
    [{ baseUrl: 'http://x/v1' }, /AI_MODEL is required when AI_PROVIDER=openai/],
    [{ baseUrl: 'http://x/v1', model: 'm', timeoutMs: 0 }, /AI_TIMEOUT_MS must be a whole number/],
    [
      { baseUrl: 'http://x/v1', model: 'm', maxAttempts: 1.5 },
      /AI_MAX_ATTEMPTS must be a whole number from 1 to 10/,
    ],
    [{ baseUrl: 'http://x/v1', model: 'm', maxAttempts: 0 }, /AI_MAX_ATTEMPTS/],
  ])('rejects %j', (settings, message) => {
    const config = { provider: 'openai' as const, ...settings };
    expect(() => resolveOpenAiSettings(config)).toThrow(AnalyzerConfigError);
    expect(() => resolveOpenAiSettings(config)).toThrow(message);
    expect(() => createAnalyzer(config, fakeEmbedded())).toThrow(message);
  });
});
