import { Button, Flex, Image, Progress, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../shared/datetime-text';
import { durationColour, progressPercent } from '../task-log-colours';
import type { TextDetail } from './TextDetailModal';

// Long texts and ids take at most this much of a row; the whole text is a click (or a tooltip) away.
const TEXT_WIDTH = 150;
const ID_WIDTH = 120;
// Cut by the browser, not by script: the whole text stays in the page (found by search, read by screen readers).
const CUT = {
  display: 'inline-block',
  overflow: 'hidden',
  textOverflow: 'ellipsis',
  whiteSpace: 'nowrap',
  verticalAlign: 'bottom',
} as const;

const None = () => {
  const { t } = useTranslation();
  return <Typography.Text type="secondary">{t('taskLogs.none')}</Typography.Text>;
};

/** A value as a tag in its colour (plain grey for one without). */
export const ColouredTag = ({ colour, label }: { colour: string | undefined; label: string }) => (
  <Tag color={colour ?? 'default'}>{label}</Tag>
);

/** The progress text ("50%") as a bar: red once failed, green once succeeded. */
export function TaskProgress({ progress, status }: { progress: string; status: string }) {
  const state = status === 'FAILURE' ? 'exception' : status === 'SUCCESS' ? 'success' : 'normal';
  return (
    <Progress
      percent={progressPercent(progress)}
      status={state}
      size="small"
      aria-label={progress || '0%'}
      style={{ width: 100, margin: 0 }}
    />
  );
}

/** When the task finished and how long it took from its submission (red over 60 s), times in seconds. */
export function FinishedCell({ submitted, finished }: { submitted: number; finished: number }) {
  const { t } = useTranslation();
  if (finished <= 0) return <Typography.Text type="secondary">{t('taskLogs.unfinished')}</Typography.Text>;
  const seconds = Math.max(0, finished - submitted);
  const value = Number.isInteger(seconds) ? String(seconds) : seconds.toFixed(1);
  return (
    // The duration under the time keeps the column narrow.
    <Flex vertical gap={2} align="flex-start">
      <span style={{ whiteSpace: 'nowrap' }}>{formatDateTime(finished)}</span>
      <Tag color={durationColour(seconds)}>{t('taskLogs.seconds', { value })}</Tag>
    </Flex>
  );
}

/** A task id, cut to the column (the whole id in the page, its tooltip and the copy), copyable. */
export function TaskIdCell({ id }: { id: string }) {
  if (id === '') return <None />;
  return (
    <Typography.Text copyable={{ text: id }} style={{ fontFamily: 'monospace', whiteSpace: 'nowrap' }}>
      <span title={id} style={{ ...CUT, maxWidth: ID_WIDTH }}>
        {id}
      </span>
    </Typography.Text>
  );
}

/** The start of a long text; clicking it opens the whole text in the dialog. */
export function TextCell({
  title,
  text,
  onOpen,
}: {
  title: string;
  text: string;
  onOpen: (detail: TextDetail) => void;
}) {
  if (text === '') return <None />;
  return (
    <Button
      type="link"
      size="small"
      onClick={() => onOpen({ title, text })}
      style={{ padding: 0, maxWidth: TEXT_WIDTH, height: 'auto' }}
    >
      <span style={{ ...CUT, maxWidth: '100%' }}>{text}</span>
    </Button>
  );
}

/** The drawing, small, opening the full-size preview when clicked. */
export function ImageCell({ url, taskId }: { url: string; taskId: string }) {
  const { t } = useTranslation();
  if (url === '') return <None />;
  return (
    <Image
      src={url}
      width={48}
      height={48}
      alt={t('taskLogs.imageAlt', { id: taskId })}
      style={{ objectFit: 'cover', borderRadius: 4 }}
    />
  );
}
