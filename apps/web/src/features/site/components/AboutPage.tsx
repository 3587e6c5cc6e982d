import { Card, Descriptions, Skeleton, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useStatus } from '../../../shared/status/use-status';
import { useSiteText } from '../hooks/use-site-text';
import { SiteTextView } from './SiteTextView';

/** The built-in about card: name, version and start time. */
function DefaultAbout() {
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

/** /about: the root's About text (Markdown or a framed address), or the built-in card while it is empty. */
export function AboutPage() {
  const { t } = useTranslation();
  const { text, isLoading } = useSiteText('/api/about');
  if (isLoading) return <Skeleton active />;
  if (!text.trim()) return <DefaultAbout />;
  return <SiteTextView text={text} title={t('site.aboutFrame')} className="site-about-content" />;
}
