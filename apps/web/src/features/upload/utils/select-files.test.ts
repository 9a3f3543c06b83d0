import { describe, expect, it } from 'vitest';
import { MESSAGES, UPLOAD_MAX_FILES, UPLOAD_MAX_FILE_BYTES } from '@symposia/shared';
import { formatFileSize, selectFiles, type FileLike } from './select-files';

const file = (name: string, size = 1000, lastModified = 1): FileLike => ({
  name,
  size,
  lastModified,
});
const files = (count: number, prefix = 'f') =>
  Array.from({ length: count }, (_, i) => file(`${prefix}${i}.txt`));

describe('selectFiles (spec §5 Upload)', () => {
  it('adds new files after the ones already selected', () => {
    const current = [file('a.pdf')];
    const result = selectFiles(current, [file('b.png'), file('c.mp4')]);
    expect(result.files.map((f) => f.name)).toEqual(['a.pdf', 'b.png', 'c.mp4']);
    expect(result.errors).toEqual([]);
  });

  it(`accepts exactly ${UPLOAD_MAX_FILES} files in total`, () => {
    const result = selectFiles(files(2, 'old'), files(UPLOAD_MAX_FILES - 2));
    expect(result.files).toHaveLength(UPLOAD_MAX_FILES);
    expect(result.errors).toEqual([]);
  });

  it(`rejects the whole new selection when the total would exceed ${UPLOAD_MAX_FILES}: '${MESSAGES.uploadMaxFiles}'`, () => {
    const current = files(3, 'old');
    const result = selectFiles(current, files(3));
    expect(result.files).toEqual(current);
    expect(result.errors).toEqual([MESSAGES.uploadMaxFiles]);
  });

  it('rejects six files picked at once, keeping none of them', () => {
    const result = selectFiles([], files(6));
    expect(result.files).toEqual([]);
    expect(result.errors).toEqual(['Maximum 5 files allowed']);
  });

  it('counts a too-large file towards the total before skipping it', () => {
    const result = selectFiles(files(4, 'old'), [
      file('a.txt'),
      file('big.bin', UPLOAD_MAX_FILE_BYTES + 1),
    ]);
    expect(result.errors).toEqual([MESSAGES.uploadMaxFiles]);
    expect(result.files).toHaveLength(4);
  });

  it("skips each file over 50 MB with 'File {name} exceeds 50MB limit' and keeps the others", () => {
    const result = selectFiles(
      [file('kept.pdf')],
      [
        file('big.bin', 51 * 1024 * 1024),
        file('ok.png'),
        file('huge.mov', UPLOAD_MAX_FILE_BYTES + 1),
      ],
    );
    expect(result.files.map((f) => f.name)).toEqual(['kept.pdf', 'ok.png']);
    expect(result.errors).toEqual([
      'File big.bin exceeds 50MB limit',
      MESSAGES.uploadFileTooLarge('huge.mov'),
    ]);
  });

  it('accepts a file of exactly 50 MB', () => {
    const result = selectFiles([], [file('edge.bin', UPLOAD_MAX_FILE_BYTES)]);
    expect(result.files).toHaveLength(1);
    expect(result.errors).toEqual([]);
  });

  it('does not add a file that is already selected, nor the same file twice', () => {
    const a = file('a.pdf', 10, 5);
    const result = selectFiles([a], [file('a.pdf', 10, 5), file('b.pdf'), file('b.pdf')]);
    expect(result.files.map((f) => f.name)).toEqual(['a.pdf', 'b.pdf']);
    expect(result.errors).toEqual([]);
  });

  it('keeps a different file that happens to share a name', () => {
    const result = selectFiles([file('data.csv', 10)], [file('data.csv', 20)]);
    expect(result.files).toHaveLength(2);
  });

  it('does not change the arrays it is given', () => {
    const current = [file('a')];
    const incoming = [file('b')];
    selectFiles(current, incoming);
    expect(current).toHaveLength(1);
    expect(incoming).toHaveLength(1);
  });
});

describe('formatFileSize', () => {
  it.each([
    [0, '0 B'],
    [512, '512 B'],
    [1536, '1.5 KB'],
    [50 * 1024 * 1024, '50 MB'],
    [51 * 1024 * 1024, '51 MB'],
    [1.25 * 1024 * 1024 * 1024, '1.3 GB'],
    [150 * 1024, '150 KB'],
  ])('%i bytes reads %s', (bytes, text) => {
    expect(formatFileSize(bytes)).toBe(text);
  });
});
