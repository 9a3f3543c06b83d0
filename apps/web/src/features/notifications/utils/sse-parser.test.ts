import { describe, expect, it } from 'vitest';
import { countOf, createSseParser } from './sse-parser';

describe('createSseParser', () => {
  it('reads a count frame and ignores the heartbeat comment', () => {
    const parser = createSseParser();
    expect(parser.push(': heartbeat\n\nevent: count\ndata: {"count":3}\n\n')).toEqual([
      { event: 'count', data: '{"count":3}' },
    ]);
  });

  it('completes a frame split anywhere across chunks', () => {
    const frame = 'event: count\ndata: {"count":12}\n\n';
    for (let cut = 1; cut < frame.length; cut += 1) {
      const parser = createSseParser();
      const events = [...parser.push(frame.slice(0, cut)), ...parser.push(frame.slice(cut))];
      expect(events, `cut at ${cut}`).toEqual([{ event: 'count', data: '{"count":12}' }]);
    }
  });

  it('accepts CRLF and CR line endings, a CRLF split between chunks included', () => {
    const parser = createSseParser();
    expect(parser.push('event: count\r\ndata: {"count":1}\r')).toEqual([]);
    expect(parser.push('\n\r\n')).toEqual([{ event: 'count', data: '{"count":1}' }]);
    expect(parser.push('event: count\rdata: {"count":2}\r\r')).toEqual([
      { event: 'count', data: '{"count":2}' },
    ]);
  });

  it('joins data lines, defaults the type to message and resets it after each frame', () => {
    const parser = createSseParser();
    expect(parser.push('event: count\ndata: a\ndata:b\n\ndata: c\n\n')).toEqual([
      { event: 'count', data: 'a\nb' },
      { event: 'message', data: 'c' },
    ]);
  });

  it('dispatches nothing for a frame without data, and nothing before its blank line', () => {
    const parser = createSseParser();
    expect(parser.push('event: count\n\n')).toEqual([]);
    expect(parser.push('event: count\ndata: {"count":4}\n')).toEqual([]);
    expect(parser.push('\n')).toEqual([{ event: 'count', data: '{"count":4}' }]);
  });
});

describe('countOf', () => {
  it('reads {"count": n}', () => {
    expect(countOf('{"count":0}')).toBe(0);
    expect(countOf('{"count":42}')).toBe(42);
  });

  it('refuses anything else', () => {
    for (const data of [
      '',
      'nope',
      '7',
      'null',
      '{"count":"3"}',
      '{"count":-1}',
      '{"count":1.5}',
    ]) {
      expect(countOf(data), data).toBeNull();
    }
  });
});
