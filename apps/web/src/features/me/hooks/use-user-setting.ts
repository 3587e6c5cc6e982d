import { useMutation, useQueryClient } from '@tanstack/react-query';
import { parseUserSetting, type SelfUser, type UserSetting } from '@tollgate/contracts';
import { App } from 'antd';
import { useTranslation } from 'react-i18next';
import { selfQuery } from '../../../shared/session/api';
import { updateUserSetting } from '../api';

/** Saves part of the user setting (notification tab, price tab); the rest is kept as stored. */
export function useUserSetting(user: SelfUser | null) {
  const { message } = App.useApp();
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const current = parseUserSetting(user?.setting ?? '');
  const mutation = useMutation({
    mutationFn: (changes: Partial<UserSetting>) => updateUserSetting({ ...current, ...changes }),
    onSuccess: async () => {
      void message.success(t('me.setting.saved'));
      await queryClient.invalidateQueries({ queryKey: selfQuery.queryKey });
    },
    onError: (error) => void message.error(error.message),
  });
  return {
    current,
    save: (changes: Partial<UserSetting>) => mutation.mutate(changes),
    isSaving: mutation.isPending,
  };
}
