import { ChannelStatus } from '@tollgate/contracts';
import { formatText, type LocalisedText } from '../../common/i18n/locale';

export type NoticeValues = Record<string, string | number>;

/** One notification: its type (throttle and webhook `type`), rendered text and the values it was built from. */
export interface Notice {
  type: string;
  title: LocalisedText;
  content: LocalisedText;
  values: NoticeValues;
}

interface NoticeText {
  title: LocalisedText;
  content: LocalisedText;
}

/** Notification texts; `{name}` placeholders are filled from the notice's values. */
export const NOTICE_TEXTS = {
  quotaExceed: {
    title: { en: 'Your quota is nearly exhausted', zh: '您的额度即将用尽' },
    content: {
      en: 'Your quota is nearly exhausted: {remaining} left. Top up at {topup_url}',
      zh: '您的额度即将用尽，当前剩余额度为 {remaining}，请及时充值：{topup_url}',
    },
  },
  channelDisabled: {
    title: { en: 'Channel «{name}» (#{channel_id}) disabled', zh: '渠道「{name}」（#{channel_id}）已被禁用' },
    content: {
      en: 'Channel «{name}» (#{channel_id}) was disabled automatically. Reason: {reason}',
      zh: '渠道「{name}」（#{channel_id}）已被自动禁用，原因：{reason}',
    },
  },
  channelEnabled: {
    title: { en: 'Channel «{name}» (#{channel_id}) enabled', zh: '渠道「{name}」（#{channel_id}）已被启用' },
    // Reference §2.6: only a channel test that passes enables a channel again.
    content: {
      en: 'Channel «{name}» (#{channel_id}) passed a channel test and was enabled again.',
      zh: '渠道「{name}」（#{channel_id}）测试通过，已重新启用。',
    },
  },
  channelTest: {
    title: { en: 'Channel test finished', zh: '渠道测试已完成' },
    content: {
      en: 'All channels were tested: {tested} tested, {failed} failed, {disabled} disabled.',
      zh: '所有渠道测试已完成：共测试 {tested} 个，失败 {failed} 个，禁用 {disabled} 个。',
    },
  },
} satisfies Record<string, NoticeText>;

const fill = (text: LocalisedText, values: NoticeValues): LocalisedText => ({
  en: formatText(text.en, values),
  zh: formatText(text.zh, values),
});

const notice = (type: string, text: NoticeText, values: NoticeValues): Notice => ({
  type,
  title: fill(text.title, values),
  content: fill(text.content, values),
  values,
});

/** Reference §3.7: `remaining` is shown as the console shows quota. */
export const quotaNotice = (values: {
  remaining: string;
  remaining_quota: number;
  threshold: number;
  topup_url: string;
}): Notice => notice('quota_exceed', NOTICE_TEXTS.quotaExceed, values);

/** Reference §2.6: one type per channel and status, so a disable and the later enable are both sent. */
export const channelStatusNotice = (values: {
  channel_id: number;
  name: string;
  status: number;
  reason: string;
}): Notice =>
  notice(
    `channel_update_${values.channel_id}_${values.status}`,
    values.status === ChannelStatus.Enabled ? NOTICE_TEXTS.channelEnabled : NOTICE_TEXTS.channelDisabled,
    values,
  );

/** The end of a "test all" run: channels tested (passed or failed), failed, and disabled by the run. */
export const channelTestNotice = (values: { tested: number; failed: number; disabled: number }): Notice =>
  notice('channel_test', NOTICE_TEXTS.channelTest, values);

// No recipient language is stored: a notice carries both, Chinese (the console's fallback) first.
export const titleInBothLanguages = (text: LocalisedText): string =>
  text.zh === text.en ? text.en : `${text.zh} / ${text.en}`;

export const contentInBothLanguages = (text: LocalisedText): string =>
  text.zh === text.en ? text.en : `${text.zh}\n\n${text.en}`;
