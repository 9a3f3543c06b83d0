import { useMutation } from '@tanstack/react-query';
import type { CurrentUser } from '@symposia/shared';
import { contract } from '@/lib/answer-schema';
import { api, multipartBody } from '@/lib/api-client';
import { useApplyCurrentUser } from '../hooks/use-apply-current-user';

export type ModifyAvatarInput = { userId: string; file: File };

/**
 * POST /modify/modify_avatar (multipart): user_id, new_avatar (an image of at most 5 MB). The
 * answer is the updated current user, whose avatar is now a gateway URL `/ipfs/<cid>`.
 */
export function modifyAvatar({ userId, file }: ModifyAvatarInput): Promise<CurrentUser> {
  return api.post('/modify/modify_avatar', multipartBody({ user_id: userId, new_avatar: file }), {
    schema: contract('currentUserSchema'),
  });
}

export function useModifyAvatar() {
  const onSuccess = useApplyCurrentUser({ everywhere: true });
  return useMutation({ mutationFn: modifyAvatar, onSuccess });
}
