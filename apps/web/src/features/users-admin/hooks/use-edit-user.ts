import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { fetchUser, updateUser } from '../api';
import { toUpdateRequest, type EditUserValues } from '../user-form';
import { USERS_KEY } from './use-users';

/** Loads the user being edited fresh from the server and saves the edit drawer. */
export function useEditUser(id: number | null, onSaved: () => void) {
  const { message } = App.useApp();
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const query = useQuery({
    queryKey: [...USERS_KEY, 'one', id],
    queryFn: () => fetchUser(id ?? 0),
    enabled: id !== null,
    staleTime: 0,
  });

  useEffect(() => {
    if (query.error) void message.error(query.error.message);
  }, [query.error, message]);

  const mutation = useMutation({
    mutationFn: (values: EditUserValues) => updateUser(toUpdateRequest(id ?? 0, values)),
    onSuccess: async () => {
      void message.success(t('usersAdmin.messages.updated'));
      onSaved();
      await queryClient.invalidateQueries({ queryKey: USERS_KEY });
    },
    onError: (error) => void message.error(error.message),
  });

  return {
    data: id !== null ? query.data : undefined,
    isLoading: query.isFetching,
    failed: query.isError,
    save: (values: EditUserValues) => mutation.mutate(values),
    isSaving: mutation.isPending,
  };
}
