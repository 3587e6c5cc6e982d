import { Card, Descriptions, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useStatus } from '../../../shared/status/use-status';

export function AboutPage() {
  const { t, i18n } = useTranslation();
  const { data: status } = useStatus();
  const name = status?.system_name || t('app.defaultName');
  const startedAt = status?.start_time
    ? new Date(status.start_time * 1000).toLocaleString(i18n.language)
    : null;

  return (
    <Card style={{ maxWidth: 720, margin: '0 auto' }}>
      <Typography.Title level={3} style={{ marginTop: 0 }}>
        {t('about.title', { name })}
      </Typography.Title>
      <Typography.Paragraph>{t('about.description', { name })}</Typography.Paragraph>
      <Descriptions
        column={1}
        items={[
          { key: 'version', label: t('about.version'), children: status?.version || t('about.unknown') },
          { key: 'start', label: t('about.startTime'), children: startedAt ?? t('about.unknown') },
        ]}
      />
    </Card>
  );
}
