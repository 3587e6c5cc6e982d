import { useMutation } from '@tanstack/react-query';
import { App } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useListMutation } from '../../../shared/hooks/use-list-mutation';
import { countRedemptionsByName, deleteRedemptionsByName } from '../api';
import { REDEMPTIONS_KEY } from './use-redemptions';

/** The name whose codes were counted, and how many there are. */
export interface NameCount {
  name: string;
  count: number;
}

/** Batch delete by name in two steps: count the codes of a name, then delete them once confirmed. */
export function useDeleteByName(onDeleted: () => void) {
  const { message } = App.useApp();
  const { t } = useTranslation();
  const [counted, setCounted] = useState<NameCount | null>(null);

  const count = useMutation({
    mutationFn: async (name: string): Promise<NameCount> => ({
      name,
      count: await countRedemptionsByName(name),
    }),
    onSuccess: setCounted,
    onError: (error) => void message.error(error.message),
  });

  const remove = useListMutation(
    REDEMPTIONS_KEY,
    deleteRedemptionsByName,
    (deleted) => t('redemptions.deleteByName.deleted', { count: deleted }),
    () => {
      setCounted(null);
      onDeleted();
    },
  );

  return {
    data: counted,
    isLoading: count.isPending || remove.isPending,
    count: (name: string) => count.mutate(name.trim()),
    remove: () => counted && remove.mutate(counted.name),
    reset: () => setCounted(null),
  };
}
