import { ReloadOutlined } from '@ant-design/icons';
import { Button, Result } from 'antd';
import { useTranslation } from 'react-i18next';

interface ListLoadErrorProps {
  error: Error;
  onRetry: () => void;
}

/** What a list shows in place of its rows when loading them failed: why, and a way to try again. */
export function ListLoadError({ error, onRetry }: ListLoadErrorProps) {
  const { t } = useTranslation();
  return (
    <Result
      status="warning"
      title={t('table.loadFailed')}
      subTitle={error.message}
      extra={
        <Button type="primary" icon={<ReloadOutlined />} onClick={onRetry}>
          {t('table.retry')}
        </Button>
      }
    />
  );
}
