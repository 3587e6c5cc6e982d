import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { createTokens, fetchToken, updateToken } from '../api';
import { valuesToFields, type TokenFormValues } from '../token-form';
import { TOKENS_KEY } from './use-tokens';

/** What the drawer edits: a new token, or an existing one by id. */
export type TokenEditTarget = { mode: 'create' } | { mode: 'edit'; id: number };

/** Loads the token being edited fresh from the server and saves the drawer (create with copies, or update). */
export function useTokenEditor(target: TokenEditTarget | null, onSaved: () => void) {
  const { message } = App.useApp();
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const editId = target?.mode === 'edit' ? target.id : null;
  const query = useQuery({
    queryKey: [...TOKENS_KEY, 'one', editId],
    queryFn: () => fetchToken(editId ?? 0),
    enabled: editId !== null,
    staleTime: 0,
  });

  useEffect(() => {
    if (query.error) void message.error(query.error.message);
  }, [query.error, message]);

  const mutation = useMutation({
    mutationFn: async (values: TokenFormValues) => {
      const fields = valuesToFields(values);
      if (editId !== null) return [await updateToken({ id: editId, ...fields })];
      return createTokens({ ...fields, quantity: values.quantity ?? 1 });
    },
    onSuccess: async (saved) => {
      if (editId !== null) void message.success(t('tokens.messages.updated'));
      else if (saved.length > 1)
        void message.success(t('tokens.messages.createdMany', { count: saved.length }));
      else void message.success(t('tokens.messages.created'));
      await queryClient.invalidateQueries({ queryKey: TOKENS_KEY });
      onSaved();
    },
    onError: (error) => void message.error(error.message),
  });

  return {
    data: editId !== null ? query.data : undefined,
    isLoading: editId !== null && query.isFetching,
    save: (values: TokenFormValues) => mutation.mutate(values),
    isSaving: mutation.isPending,
  };
}
