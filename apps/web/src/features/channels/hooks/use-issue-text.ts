import type { ChannelIssue } from '@tollgate/contracts';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';

/** The localised text of a channel rule break found in the console (the server words it the same way). */
export function useIssueText(): (issue: ChannelIssue) => string {
  const { t } = useTranslation();
  return useCallback((issue: ChannelIssue) => t(`channels.issues.${issue.code}`, { ...issue.params }), [t]);
}
