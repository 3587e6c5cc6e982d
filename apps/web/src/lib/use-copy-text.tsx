import { App, Typography } from 'antd';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * Copies text and says so; when the browser refuses (no permission, insecure origin) the spec's dialog
 * shows the text so the user can copy it by hand.
 */
export function useCopyText(): (text: string) => Promise<boolean> {
  const { t } = useTranslation();
  const { message, modal } = App.useApp();

  return useCallback(
    async (text: string) => {
      try {
        await navigator.clipboard.writeText(text);
        void message.success(t('clipboard.copied'));
        return true;
      } catch {
        modal.info({
          title: t('clipboard.failedTitle'),
          content: (
            <Typography.Paragraph style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-all' }}>
              {text}
            </Typography.Paragraph>
          ),
        });
        return false;
      }
    },
    [message, modal, t],
  );
}
