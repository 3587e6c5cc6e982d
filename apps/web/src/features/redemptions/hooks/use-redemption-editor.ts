import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { createRedemptions, fetchRedemption, updateRedemption } from '../api';
import { toCreateRequest, toUpdateRequest, type RedemptionFormValues } from '../redemption-form';
import { REDEMPTIONS_KEY } from './use-redemptions';

export type RedemptionEditTarget = { mode: 'create' } | { mode: 'edit'; id: number };

/**
 * Loads the code being edited and saves the drawer. `onSaved` gets the generated codes after a
 * create (shown once with copy-all) and nothing after an edit.
 */
export function useRedemptionEditor(
  target: RedemptionEditTarget | null,
  onSaved: (createdCodes: string[] | null) => void,
) {
  const { message } = App.useApp();
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const editId = target?.mode === 'edit' ? target.id : null;
  const query = useQuery({
    queryKey: [...REDEMPTIONS_KEY, 'one', editId],
    queryFn: () => fetchRedemption(editId ?? 0),
    enabled: editId !== null,
    staleTime: 0,
  });

  useEffect(() => {
    if (query.error) void message.error(query.error.message);
  }, [query.error, message]);

  const mutation = useMutation({
    mutationFn: async (values: RedemptionFormValues): Promise<string[] | null> => {
      if (editId === null) return createRedemptions(toCreateRequest(values));
      await updateRedemption(toUpdateRequest(editId, values));
      return null;
    },
    onSuccess: async (codes) => {
      void message.success(
        codes
          ? t('redemptions.messages.created', { count: codes.length })
          : t('redemptions.messages.updated'),
      );
      await queryClient.invalidateQueries({ queryKey: REDEMPTIONS_KEY });
      onSaved(codes);
    },
    onError: (error) => void message.error(error.message),
  });

  return {
    data: editId !== null ? query.data : undefined,
    isLoading: editId !== null && query.isFetching,
    save: (values: RedemptionFormValues) => mutation.mutate(values),
    isSaving: mutation.isPending,
  };
}
