import { execFile } from 'node:child_process';
import { promisify } from 'node:util';

const run = promisify(execFile);

/** ffmpeg's output for one frame is small; anything bigger is not what we asked for. */
const MAX_FRAME_BYTES = 32 * 1024 * 1024;
const FFMPEG_TIMEOUT_MS = 60_000;

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
export async function videoDuration(file: string): Promise<number | undefined> {
  const { stdout } = await run(
    'ffprobe',
    ['-v', 'error', '-show_entries', 'format=duration', '-of', 'default=nw=1:nk=1', file],
    { timeout: FFMPEG_TIMEOUT_MS },
  );
  const seconds = Number.parseFloat(stdout.trim());
  return Number.isFinite(seconds) ? seconds : undefined;
}

/** One frame as PNG: at `atSeconds` when the video is that long, else its first frame. */
export async function videoFrame(file: string, atSeconds: number): Promise<Buffer> {
  const { stdout } = await run(
    'ffmpeg',
    [
      '-v',
      'error',
      '-ss',
      String(atSeconds),
      '-i',
      file,
      '-frames:v',
      '1',
      '-f',
      'image2pipe',
      '-vcodec',
      'png',
      'pipe:1',
    ],
    { encoding: 'buffer', maxBuffer: MAX_FRAME_BYTES, timeout: FFMPEG_TIMEOUT_MS },
  );
  return stdout;
}
