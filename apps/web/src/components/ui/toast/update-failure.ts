import { ApiError } from '@/lib/api-client';
import { i18n } from '@/lib/i18n';
import { localizedDetail } from '@/lib/localize-message';
import { notify } from './toast';

/**
 * What an update toast says under its title, in the reader's language: the server's reason, else
 * 'please try again later'.
 */
export function updateFailureDetails(error: unknown): string {
  if (error instanceof ApiError && error.detail.trim()) return localizedDetail(error);
  return i18n.t('messages:updateDetailsFallback');
}

/** The update-failure toast of spec §8, e.g. 'failed to update title' with its details. */
export function notifyUpdateFailed(title: string, error: unknown): void {
  notify.error(title, updateFailureDetails(error));
}
