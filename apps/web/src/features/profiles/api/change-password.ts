import { useMutation } from '@tanstack/react-query';
import type { ChangePasswordBody, ChangePasswordResponse } from '@symposia/shared';
import { contract } from '@/lib/answer-schema';
import { api } from '@/lib/api-client';

/**
 * POST /auth/change_password (form): the current and the new password. Every other session of
 * the account is signed out; this one stays signed in.
 */
export function changePassword(body: ChangePasswordBody): Promise<ChangePasswordResponse> {
  return api.post(
    '/auth/change_password',
    { old_password: body.old_password, new_password: body.new_password },
    { schema: contract('changePasswordResponseSchema') },
  );
}

export function useChangePassword() {
  return useMutation({ mutationFn: changePassword });
}
