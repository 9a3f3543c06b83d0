import { MESSAGES } from '@symposia/shared';
import { ApiError } from '@/lib/api-client';
import { notify } from './toast';

/** What an update toast says under its title: the server's reason, else 'please try again later'. */
export function updateFailureDetails(error: unknown): string {
  if (error instanceof ApiError && error.detail.trim()) return error.detail;
  return MESSAGES.updateDetailsFallback;
}

/** The update-failure toast of spec §8, e.g. 'failed to update title' with its details. */
export function notifyUpdateFailed(title: string, error: unknown): void {
  notify.error(title, updateFailureDetails(error));
}
