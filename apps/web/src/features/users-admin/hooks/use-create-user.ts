import { useMutation, useQueryClient } from '@tanstack/react-query';
import { App } from 'antd';
import { useTranslation } from 'react-i18next';
import { createUser } from '../api';
import { toCreateRequest, type AddUserValues } from '../user-form';
import { USERS_KEY } from './use-users';

export function useCreateUser(onCreated: () => void) {
  const { message } = App.useApp();
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const mutation = useMutation({
    mutationFn: (values: AddUserValues) => createUser(toCreateRequest(values)),
    onSuccess: async () => {
      void message.success(t('usersAdmin.messages.created'));
      onCreated();
      await queryClient.invalidateQueries({ queryKey: USERS_KEY });
    },
    onError: (error) => void message.error(error.message),
  });
  return { save: (values: AddUserValues) => mutation.mutate(values), isSaving: mutation.isPending };
}
