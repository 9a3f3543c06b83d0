import { useMutation } from '@tanstack/react-query';
import type { CurrentUser } from '@symposia/shared';
import { contract } from '@/lib/answer-schema';
import { api } from '@/lib/api-client';
import { useApplyCurrentUser } from '../hooks/use-apply-current-user';

export type ModifyUrlInput = { userId: string; url: string };

/**
 * POST /modify/modify_url (form): user_id, new_url (an http(s) URL, or '' to clear it). Answers the
 * updated current user.
 */
export function modifyUrl({ userId, url }: ModifyUrlInput): Promise<CurrentUser> {
  return api.post(
    '/modify/modify_url',
    { user_id: userId, new_url: url },
    { schema: contract('currentUserSchema') },
  );
}

export function useModifyUrl() {
  const onSuccess = useApplyCurrentUser();
  return useMutation({ mutationFn: modifyUrl, onSuccess });
}
