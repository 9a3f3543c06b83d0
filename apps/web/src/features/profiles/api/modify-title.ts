import { useMutation } from '@tanstack/react-query';
import type { CurrentUser } from '@symposia/shared';
import { contract } from '@/lib/answer-schema';
import { api } from '@/lib/api-client';
import { useApplyCurrentUser } from '../hooks/use-apply-current-user';

export type ModifyTitleInput = { userId: string; title: string };

/** POST /modify/modify_title (form): user_id, new_title. Answers the updated current user. */
export function modifyTitle({ userId, title }: ModifyTitleInput): Promise<CurrentUser> {
  return api.post(
    '/modify/modify_title',
    { user_id: userId, new_title: title },
    { schema: contract('currentUserSchema') },
  );
}

export function useModifyTitle() {
  const onSuccess = useApplyCurrentUser();
  return useMutation({ mutationFn: modifyTitle, onSuccess });
}
