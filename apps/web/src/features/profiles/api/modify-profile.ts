import { useMutation } from '@tanstack/react-query';
import type { CurrentUser } from '@symposia/shared';
import { contract } from '@/lib/answer-schema';
import { api } from '@/lib/api-client';
import { useApplyCurrentUser } from '../hooks/use-apply-current-user';

export type ModifyProfileInput = { userId: string; username: string };

/**
 * POST /modify/modify_profile (form): any profile field; My Page uses it for the username (409 when
 * taken). Answers the updated current user.
 */
export function modifyProfile({ userId, username }: ModifyProfileInput): Promise<CurrentUser> {
  return api.post(
    '/modify/modify_profile',
    { user_id: userId, username },
    { schema: contract('currentUserSchema') },
  );
}

export function useModifyProfile() {
  const onSuccess = useApplyCurrentUser({ everywhere: true });
  return useMutation({ mutationFn: modifyProfile, onSuccess });
}
