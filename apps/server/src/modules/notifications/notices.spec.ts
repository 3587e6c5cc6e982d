import { ChannelStatus } from '@tollgate/contracts';
import {
  channelStatusNotice,
  channelTestNotice,
  contentInBothLanguages,
  quotaNotice,
  titleInBothLanguages,
} from './notices';
import { ownWarningThreshold as ownThreshold } from '../users/user-setting';

describe('notices', () => {
  it('fills the quota warning in both languages and keeps its values', () => {
    const values = {
      remaining: '$0.01',
      remaining_quota: 4000,
      threshold: 5000,
      topup_url: 'https://gw/topup',
    };
    const notice = quotaNotice(values);
    expect(notice).toEqual({
      type: 'quota_exceed',
      title: { en: 'Your quota is nearly exhausted', zh: '您的额度即将用尽' },
      content: {
        en: 'Your quota is nearly exhausted: $0.01 left. Top up at https://gw/topup',
        zh: '您的额度即将用尽，当前剩余额度为 $0.01，请及时充值：https://gw/topup',
      },
      values,
    });
  });

  it('names channel notices by channel and status', () => {
    const off = channelStatusNotice({
      channel_id: 7,
      name: 'east',
      status: ChannelStatus.AutoDisabled,
      reason: 'HTTP 401',
    });
    expect(off.type).toBe('channel_update_7_3');
    expect(off.title.en).toBe('Channel «east» (#7) disabled');
    expect(off.content.en).toContain('Reason: HTTP 401');
    const on = channelStatusNotice({
      channel_id: 7,
      name: 'east',
      status: ChannelStatus.Enabled,
      reason: '',
    });
    expect(on.type).toBe('channel_update_7_1');
    expect(on.title).toEqual({ en: 'Channel «east» (#7) enabled', zh: '渠道「east」（#7）已被启用' });
  });

  it('summarises a test run', () => {
    expect(channelTestNotice({ tested: 4, failed: 1, disabled: 1 }).content.en).toBe(
      'All channels were tested: 4 tested, 1 failed, 1 disabled.',
    );
  });

  it('renders Chinese first, then English, once when both are the same', () => {
    expect(titleInBothLanguages({ en: 'Low', zh: '不足' })).toBe('不足 / Low');
    expect(contentInBothLanguages({ en: 'Low', zh: '不足' })).toBe('不足\n\nLow');
    expect(titleInBothLanguages({ en: 'x', zh: 'x' })).toBe('x');
  });
});

describe('ownThreshold', () => {
  it('is the stored number, or null when the setting names none or a bad one', () => {
    expect(ownThreshold(JSON.stringify({ quota_warning_threshold: 100 }))).toBe(100);
    expect(ownThreshold(JSON.stringify({ quota_warning_threshold: 0 }))).toBe(0);
    expect(ownThreshold('')).toBeNull();
    expect(ownThreshold('{oops')).toBeNull();
    expect(ownThreshold(JSON.stringify({ notify_type: 'email' }))).toBeNull();
    expect(ownThreshold(JSON.stringify({ quota_warning_threshold: -5 }))).toBeNull();
    expect(ownThreshold(JSON.stringify({ quota_warning_threshold: '100' }))).toBeNull();
  });
});
