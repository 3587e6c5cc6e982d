import { PRICE_EDITOR_MESSAGES, type PriceEditorIssue } from '@tollgate/contracts';
import { App } from 'antd';
import { useCallback } from 'react';
import { currentLanguage } from '../../../../i18n/i18n';

/** The text of a price editor refusal, in the console's language (spec texts verbatim in Chinese). */
export const priceEditorMessage = (issue: PriceEditorIssue): string =>
  PRICE_EDITOR_MESSAGES[issue][currentLanguage()];

/** Shows a price editor refusal as an error message. */
export function usePriceEditorIssue(): (issue: PriceEditorIssue) => void {
  const { message } = App.useApp();
  return useCallback((issue) => void message.error(priceEditorMessage(issue)), [message]);
}
