import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Card, Descriptions, Flex, Spin, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useStatus } from '../../../shared/status/use-status';
import {
  ReleaseCheckError,
  type ReleaseRepository,
  compareVersions,
  fetchLatestRelease,
  latestReleaseUrl,
  releaseRepository,
} from './release-check';

const repository = releaseRepository();

/** The outcome of the check as an alert: newer, same, ahead, or why the latest release is not known. */
function CheckOutcome({ repo, current }: { repo: ReleaseRepository; current: string }) {
  const { t } = useTranslation(undefined, { keyPrefix: 'settings.other.version' });
  const release = useQuery({
    queryKey: ['latest-release', repo],
    queryFn: () => fetchLatestRelease(repo),
    retry: false,
    staleTime: 30 * 60_000,
  });
  const recheck = (
    <Button size="small" onClick={() => void release.refetch()} loading={release.isFetching}>
      {t('check')}
    </Button>
  );
  if (release.isPending)
    return (
      <Flex gap={8} align="center">
        <Spin size="small" />
        {t('checking')}
      </Flex>
    );
  if (release.error) {
    const error = release.error instanceof ReleaseCheckError ? release.error : null;
    if (error?.reason === 'no-release')
      return <Alert type="info" showIcon title={t('noRelease')} action={recheck} />;
    if (error?.reason === 'refused')
      return (
        <Alert
          type="warning"
          showIcon
          title={t('refused', { status: error.status })}
          description={t('refusedHint')}
          action={recheck}
        />
      );
    return (
      <Alert
        type="warning"
        showIcon
        className="version-check-unreachable"
        title={t('unreachable')}
        description={t('unreachableHint', { url: latestReleaseUrl(repo) })}
        action={recheck}
      />
    );
  }
  const order = compareVersions(release.data.tag, current);
  const title =
    order > 0
      ? t('newer', { tag: release.data.tag })
      : order < 0
        ? t('ahead', { tag: release.data.tag })
        : t('upToDate');
  return (
    <Alert
      type={order > 0 ? 'info' : 'success'}
      showIcon
      title={title}
      description={
        <Typography.Link href={release.data.url} target="_blank" rel="noreferrer">
          {t('viewRelease')}
        </Typography.Link>
      }
      action={recheck}
    />
  );
}

/** The running version, compared with the latest release of the repository package.json names, when reachable. */
export function VersionCheck() {
  const { t } = useTranslation(undefined, { keyPrefix: 'settings.other.version' });
  const current = useStatus().data?.version;
  return (
    <Card title={t('title')} size="small">
      <Descriptions
        column={1}
        size="small"
        style={{ marginBottom: 16 }}
        items={[
          { key: 'current', label: t('current'), children: current ?? t('unknown') },
          {
            key: 'source',
            label: t('source'),
            children: repository ? (
              <Typography.Link
                href={`https://github.com/${repository}/releases`}
                target="_blank"
                rel="noreferrer"
              >
                {repository}
              </Typography.Link>
            ) : (
              t('notConfigured')
            ),
          },
        ]}
      />
      {repository ? (
        <CheckOutcome repo={repository} current={current ?? ''} />
      ) : (
        <Alert
          type="info"
          showIcon
          className="version-check-no-source"
          title={t('noSource')}
          description={t('noSourceHint')}
        />
      )}
    </Card>
  );
}
