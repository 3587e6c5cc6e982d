import { useMutation, useQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { App } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { fetchSetupStatus, submitSetup } from '../api';
import { toSetupRequest, type SetupFormValues } from '../setup-form';

/** Spec §4: after a successful submit the page reloads after 1.5 s. */
const RELOAD_DELAY_MS = 1500;

export function useSetup() {
  const { message } = App.useApp();
  const { t } = useTranslation();
  const navigate = useNavigate();
  const query = useQuery({ queryKey: ['setup'], queryFn: fetchSetupStatus, staleTime: 0 });
  const alreadyDone = query.data?.status === true;

  useEffect(() => {
    if (alreadyDone) void navigate({ to: '/', replace: true });
  }, [alreadyDone, navigate]);

  useEffect(() => {
    if (query.error) void message.error(query.error.message || t('setup.loadFailed'));
  }, [query.error, message, t]);

  const mutation = useMutation({
    mutationFn: submitSetup,
    onSuccess: () => {
      void message.success(t('setup.success'));
      window.setTimeout(() => window.location.reload(), RELOAD_DELAY_MS);
    },
    onError: (error) => void message.error(error.message),
  });

  const submit = (values: SetupFormValues): void => {
    if (query.data) mutation.mutate(toSetupRequest(values, query.data.root_init));
  };

  return {
    data: query.data,
    isLoading: query.isLoading,
    submit,
    // Stays busy after success so the form cannot be sent twice before the reload.
    isSubmitting: mutation.isPending || mutation.isSuccess,
  };
}
