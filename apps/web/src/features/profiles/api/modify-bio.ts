import { useMutation } from '@tanstack/react-query';
import type { CurrentUser } from '@symposia/shared';
import { contract } from '@/lib/answer-schema';
import { api } from '@/lib/api-client';
import { useApplyCurrentUser } from '../hooks/use-apply-current-user';

export type ModifyBioInput = { userId: string; bio: string };

/** POST /modify/modify_bio (form): user_id, new_bio. Answers the updated current user. */
export function modifyBio({ userId, bio }: ModifyBioInput): Promise<CurrentUser> {
  return api.post(
    '/modify/modify_bio',
    { user_id: userId, new_bio: bio },
    { schema: contract('currentUserSchema') },
  );
}

export function useModifyBio() {
  const onSuccess = useApplyCurrentUser();
  return useMutation({ mutationFn: modifyBio, onSuccess });
}
