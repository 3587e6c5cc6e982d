import { useTranslation } from 'react-i18next';

type Labels = Partial<Record<string, string>>;

/**
 * The words for a task's status, submission code, action and platform. The server may send a value this
 * console has no word for (a newer proxy's action): it reads as unknown with the value itself.
 */
export function useTaskLogLabels() {
  const { t } = useTranslation();
  const statuses: Labels = t('taskLogs.status', { returnObjects: true });
  const codes: Labels = t('taskLogs.codes', { returnObjects: true });
  const actions: Labels = t('taskLogs.actions', { returnObjects: true });
  const platforms: Labels = t('taskLogs.platforms', { returnObjects: true });
  const orUnknown = (label: string | undefined, value: string): string =>
    label ?? t('taskLogs.unknown', { value });

  return {
    // Spec 001 §4: an empty status means the task is still being submitted.
    status: (status: string): string =>
      status === '' ? t('taskLogs.status.submitting') : orUnknown(statuses[status], status),
    code: (code: number): string => orUnknown(codes[String(code)], String(code)),
    action: (action: string): string => orUnknown(actions[action], action),
    platform: (platform: string): string => orUnknown(platforms[platform], platform),
  };
}

export type TaskLogLabels = ReturnType<typeof useTaskLogLabels>;
