import { useQueryClient } from '@tanstack/react-query';
import { OPTION_ISSUE_MESSAGES, optionIssueMessage } from '@tollgate/contracts';
import { App } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { currentLanguage } from '../../../i18n/i18n';
import { statusQuery } from '../../../shared/status/api';
import { saveOption } from '../api';
import { firstOptionIssue, saveChanges, type StoredOptions } from '../option-values';
import { optionsQuery } from './use-options';

/**
 * Saves a panel's changed keys with the spec's order and messages (spec 000 §4, §5). Resolves to true when
 * every change was stored; a refused or partly failed save leaves the form as typed so it can be retried.
 */
export function useOptionSaver() {
  const { message } = App.useApp();
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [isSaving, setSaving] = useState(false);

  const save = async (changes: Record<string, string>, stored: StoredOptions): Promise<boolean> => {
    const language = currentLanguage();
    if (Object.keys(changes).length === 0) {
      void message.info(OPTION_ISSUE_MESSAGES.nothing_changed[language]);
      return false;
    }
    const issue = firstOptionIssue(changes, stored);
    if (issue) {
      void message.error(optionIssueMessage(issue, language));
      return false;
    }
    setSaving(true);
    try {
      const outcome = await saveChanges(changes, saveOption);
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: optionsQuery.queryKey }),
        queryClient.invalidateQueries({ queryKey: statusQuery.queryKey }),
      ]);
      if (outcome.failed.length === 0) {
        void message.success(t('settings.saved'));
        return true;
      }
      const reason = outcome.failed[0].error.message;
      const summary = outcome.saved.length === 0 ? t('settings.saveFailed') : t('settings.partlySaved');
      void message.error(`${summary}${reason ? `（${reason}）` : ''}`);
      return false;
    } finally {
      setSaving(false);
    }
  };

  return { save, isSaving };
}
