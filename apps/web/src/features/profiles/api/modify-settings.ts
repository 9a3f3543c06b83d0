import { useMutation } from '@tanstack/react-query';
import type { CurrentUser, SettingsField } from '@symposia/shared';
import { contract } from '@/lib/answer-schema';
import { api } from '@/lib/api-client';
import { useApplyCurrentUser } from '../hooks/use-apply-current-user';

export type ModifySettingsInput = { userId: string; field: SettingsField; value: boolean };

/**
 * POST /modify/modify_settings (form): user_id plus the one flag that changed,
 * `new_public_*` = 'true' | 'false' (spec §4 Privacy toggles: sent on each change).
 */
export function modifySettings({
  userId,
  field,
  value,
}: ModifySettingsInput): Promise<CurrentUser> {
  return api.post(
    '/modify/modify_settings',
    { user_id: userId, [`new_${field}`]: value ? 'true' : 'false' },
    { schema: contract('currentUserSchema') },
  );
}

export function useModifySettings() {
  const onSuccess = useApplyCurrentUser();
  return useMutation({ mutationFn: modifySettings, onSuccess });
}
