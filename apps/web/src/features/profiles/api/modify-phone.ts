import { useMutation } from '@tanstack/react-query';
import type { CurrentUser } from '@symposia/shared';
import { contract } from '@/lib/answer-schema';
import { api } from '@/lib/api-client';
import { useApplyCurrentUser } from '../hooks/use-apply-current-user';

export type ModifyPhoneInput = { userId: string; phone: string };

/** POST /modify/modify_phone (form): user_id, new_phone. Answers the updated current user. */
export function modifyPhone({ userId, phone }: ModifyPhoneInput): Promise<CurrentUser> {
  return api.post(
    '/modify/modify_phone',
    { user_id: userId, new_phone: phone },
    { schema: contract('currentUserSchema') },
  );
}

export function useModifyPhone() {
  const onSuccess = useApplyCurrentUser();
  return useMutation({ mutationFn: modifyPhone, onSuccess });
}
