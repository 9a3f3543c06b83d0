import { useMutation } from '@tanstack/react-query';
import type { CurrentUser } from '@symposia/shared';
import { contract } from '@/lib/answer-schema';
import { api } from '@/lib/api-client';
import { useApplyCurrentUser } from '../hooks/use-apply-current-user';

export type ModifyEmailInput = { userId: string; email: string };

/** POST /modify/modify_email (form): user_id, new_email. Answers the updated current user. */
export function modifyEmail({ userId, email }: ModifyEmailInput): Promise<CurrentUser> {
  return api.post(
    '/modify/modify_email',
    { user_id: userId, new_email: email },
    { schema: contract('currentUserSchema') },
  );
}

export function useModifyEmail() {
  const onSuccess = useApplyCurrentUser();
  return useMutation({ mutationFn: modifyEmail, onSuccess });
}
