import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { runLimitedCommand, type ProcessLimits } from '../sandbox/watchdog.js';

const run = promisify(execFile);

/** ffmpeg's output for one frame is small; anything bigger is not what we asked for. */
const MAX_FRAME_BYTES = 32 * 1024 * 1024;
const MAX_PROBE_BYTES = 64 * 1024;

/**
 * ffmpeg's demuxer for each video type the upload detects from a file's bytes
 * (services/posts/file-kind.ts). ffmpeg is always told the format: left to guess, it takes a
 * file that is really an HLS or concat playlist for one and opens whatever the playlist names —
 * local files included — and the poster would show them.
 */
export const FFMPEG_INPUT_FORMATS: Readonly<Record<string, string>> = {
  'video/mp4': 'mov',
  'video/quicktime': 'mov',
  'video/x-m4v': 'mov',
  'video/3gpp': 'mov',
  'video/3gpp2': 'mov',
  'video/webm': 'matroska',
  'video/matroska': 'matroska',
  'video/x-matroska': 'matroska',
  'video/vnd.avi': 'avi',
  'video/x-msvideo': 'avi',
  'video/mpeg': 'mpeg',
  'video/mp1s': 'mpeg',
  'video/mp2p': 'mpeg',
  'video/mp2t': 'mpegts',
  'video/x-flv': 'flv',
  'video/ogg': 'ogg',
  'video/x-ms-asf': 'asf',
};

/** The demuxer for a stored content type, or undefined for a type ffmpeg is not given. */
export function ffmpegInputFormat(contentType: string): string | undefined {
  const type = (contentType.split(';')[0] ?? '').trim().toLowerCase();
  return Object.hasOwn(FFMPEG_INPUT_FORMATS, type) ? FFMPEG_INPUT_FORMATS[type] : undefined;
}

/**
 * The options that put the input first: its format, and only the file and pipe protocols, so
 * nothing inside the file can make ffmpeg open a URL (http, data, concat, subfile, …).
 */
function inputArgs(file: string, format: string): string[] {
  return ['-protocol_whitelist', 'file,pipe', '-f', format, '-i', `file:${file}`];
}

let available: Promise<boolean> | undefined;

/** Whether ffmpeg and ffprobe can be run here; asked once per process. */
export function ffmpegAvailable(): Promise<boolean> {
  available ??= Promise.all([
    run('ffmpeg', ['-version'], { timeout: 10_000 }),
    run('ffprobe', ['-version'], { timeout: 10_000 }),
  ]).then(
    () => true,
    () => false,
  );
  return available;
}

/** Seconds of the video, or undefined when ffprobe cannot tell. */
export async function videoDuration(
  file: string,
  format: string,
  limits: ProcessLimits,
  signal?: AbortSignal,
): Promise<number | undefined> {
  const stdout = await runLimitedCommand(
    'ffprobe',
    [
      '-v',
      'error',
      ...inputArgs(file, format),
      '-show_entries',
      'format=duration',
      '-of',
      'default=nw=1:nk=1',
    ],
    { ...limits, maxOutputBytes: MAX_PROBE_BYTES, signal },
  );
  const seconds = Number.parseFloat(stdout.toString('utf8').trim());
  return Number.isFinite(seconds) ? seconds : undefined;
}

/** One frame as PNG: at `atSeconds` when the video is that long, else its first frame. */
export async function videoFrame(
  file: string,
  format: string,
  atSeconds: number,
  limits: ProcessLimits,
  signal?: AbortSignal,
): Promise<Buffer> {
  const frame = await runLimitedCommand(
    'ffmpeg',
    [
      '-v',
      'error',
      '-nostdin',
      '-ss',
      String(atSeconds),
      ...inputArgs(file, format),
      '-frames:v',
      '1',
      '-f',
      'image2pipe',
      '-vcodec',
      'png',
      'pipe:1',
    ],
    { ...limits, maxOutputBytes: MAX_FRAME_BYTES, signal },
  );
  if (frame.length === 0) throw new Error('the video has no frame to show');
  return frame;
}
