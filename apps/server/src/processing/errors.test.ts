import { describe, expect, it } from 'vitest';
import { publicErrorMessage, sanitizeErrorText } from './errors.js';

describe('sanitizeErrorText', () => {
  it('drops command lines, paths, file URLs and the stack', () => {
    const error = new Error(
      'Command failed: ffprobe -v error -i /data/tmp/video-1/source\n' +
        '/data/tmp/video-1/source: Invalid data found when processing input',
    );
    error.stack = `${error.message}\n    at run (/srv/app/dist/processing/media/video.js:12:5)`;
    expect(publicErrorMessage(error)).toBe(
      'a command failed [path]: Invalid data found when processing input',
    );
    expect(sanitizeErrorText("EACCES: permission denied, mkdir '/home/ada/data/tmp'")).toBe(
      "EACCES: permission denied, mkdir '[path]'",
    );
    expect(sanitizeErrorText('Cannot find module file:///opt/symposia/x.js')).toBe(
      'Cannot find module [path]',
    );
    expect(sanitizeErrorText('file:/data/tmp/video-1/input: Invalid data')).toBe(
      '[path]: Invalid data',
    );
    expect(sanitizeErrorText('could not open C:\\Users\\ada\\in.pdf')).toBe(
      'could not open [path]',
    );
    expect(sanitizeErrorText('error\n    at Object.<anonymous> (/srv/a.js:1:1)')).toBe('error');
  });

  it('leaves ordinary text alone', () => {
    for (const text of [
      'paper.pdf: the PDF is too large to read: its streams unpack to more than 256 MiB',
      'read 12 MB/s and/or 3/4 of the pages',
      'ffprobe could not read the file: Invalid data found when processing input',
      'Request failed with status 503 from https://api.example.org/v1',
    ]) {
      expect(sanitizeErrorText(text)).toBe(text);
    }
  });

  it('is one line of at most 300 characters, never empty', () => {
    expect(sanitizeErrorText(`first\nsecond ${'x'.repeat(400)}`)).toMatch(/^first second x+…$/);
    expect(sanitizeErrorText('x'.repeat(400))).toHaveLength(300);
    expect(sanitizeErrorText('/only/a/path')).toBe('[path]');
    expect(sanitizeErrorText('')).toBe('processing failed');
  });
});
