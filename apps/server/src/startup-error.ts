/**
 * A start-up failure the operator can fix (bad setting, busy port, unusable data directory,
 * unreachable database). Its message is the one line printed on stderr before exiting with 1.
 */
export class StartupError extends Error {
  override readonly name = 'StartupError';
}
