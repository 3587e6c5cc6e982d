import { createHmac } from 'node:crypto';
import { type IncomingHttpHeaders } from 'node:http';
import { hostname } from 'node:os';
import { type ChannelView, ChannelStatus } from '@tollgate/contracts';
import { type SmtpFake, startSmtpFake } from '@tollgate/test-fakes';
import { ChannelHealthService } from '../src/modules/channels/channel-health.service';
import { NotificationService } from '../src/modules/notifications/notifications.service';
import { WebhookSender } from '../src/modules/notifications/webhook-sender';
import { UserEntity } from '../src/modules/users/user.entity';
import { finishedProgress } from './support/channel-runs';
import { SMTP_ACCOUNT, smtpOptions } from './support/fakes/identity-setup';
import { type LocalServer, listenLocally, readBody } from './support/fakes/local-server';
import { type RelayGateway, startRelayGateway } from './support/relay-gateway';
import { BACKENDS, type SignedIn } from './support/test-app';

interface WebhookBody {
  type: string;
  title: string;
  content: string;
  values: Record<string, string | number>;
  timestamp: number;
}

interface Hook {
  path: string;
  headers: IncomingHttpHeaders;
  raw: string;
  body: WebhookBody;
}

const QUOTA_TITLE = '您的额度即将用尽 / Your quota is nearly exhausted';
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe.each(BACKENDS)('notifications: quota warnings and root notices (%s)', (backend) => {
  let g: RelayGateway;
  let smtp: SmtpFake;
  let receiver: LocalServer;
  let notifications: NotificationService;
  const hooks: Hook[] = [];
  const taken = new Set<Hook>();

  beforeAll(async () => {
    smtp = await startSmtpFake(SMTP_ACCOUNT);
    receiver = await listenLocally((request, response) => {
      void readBody(request).then((raw) => {
        hooks.push({
          path: request.url ?? '',
          headers: request.headers,
          raw,
          body: JSON.parse(raw) as WebhookBody,
        });
        response.writeHead(request.url === '/failing' ? 500 : 204).end();
      });
    });
    g = await startRelayGateway(backend);
    for (const [key, value] of Object.entries({
      ...smtpOptions(smtp),
      ServerAddress: 'https://gw.example.com',
      QuotaRemindThreshold: '5000',
    }))
      await g.setOption(key, value);
    notifications = g.t.app.get(NotificationService);
  });
  afterAll(async () => {
    await g.close();
    await smtp.close();
    await receiver.close();
  });

  /** The first webhook post to `path` (of `type` when given) not taken by an earlier call. */
  const nextHook = async (path: string, type?: string): Promise<Hook> => {
    for (let i = 0; i < 200; i++) {
      const hook = hooks.find((h) => !taken.has(h) && h.path === path && (!type || h.body.type === type));
      if (hook) {
        taken.add(hook);
        return hook;
      }
      await sleep(25);
    }
    throw new Error(`no webhook post to ${path} ${type ?? ''}`);
  };
  const postsTo = (path: string) => hooks.filter((h) => h.path === path);
  const mailsTo = (to: string) => smtp.mails.filter((m) => m.to.includes(to));

  // Written to the row: the settings API accepts only https webhooks on public hosts, the receiver is local.
  const storeSetting = (id: number, setting: Record<string, unknown>, email = '') =>
    g.data.getRepository(UserEntity).update(id, { setting: JSON.stringify(setting), email });
  const userWith = async (name: string, setting: Record<string, unknown>, email = '') => {
    const id = await g.t.createUser(name, `${name}-pass-1`);
    await storeSetting(id, setting, email);
    return id;
  };

  it('never posts to this machine unless local targets are allowed, whatever the name', async () => {
    const sender = g.t.app.get(WebhookSender);
    expect(sender.allowLocalTargets).toBe(false);
    await expect(sender.post(`${receiver.url}/plain`, '{}', '')).rejects.toThrow(
      'the webhook address is not https on a public host',
    );
    // A name that passes the literal check but resolves to this machine is refused at the lookup.
    const port = new URL(receiver.url).port;
    await expect(sender.post(`https://${hostname()}:${port}/named`, '{}', '')).rejects.toThrow(
      'resolves to a private address',
    );
    expect(hooks).toEqual([]);
    // Every later test posts to the local receiver.
    sender.allowLocalTargets = true;
  });

  it('mails a user below QuotaRemindThreshold (no own threshold) at the account email, once per two hours', async () => {
    const alice = await userWith('alice', { notify_type: 'email' }, 'alice@example.com');
    notifications.quotaWarning(alice, 6000, null);
    notifications.quotaWarning(alice, 4000, null);

    const mail = await smtp.nextMailTo('alice@example.com');
    expect(mail.subject).toBe(QUOTA_TITLE);
    expect(mail.text).toContain(
      '您的额度即将用尽，当前剩余额度为 $0.01，请及时充值：https://gw.example.com/topup',
    );
    expect(mail.text).toContain(
      'Your quota is nearly exhausted: $0.01 left. Top up at https://gw.example.com/topup',
    );

    notifications.quotaWarning(alice, 3000, null);
    notifications.quotaWarning(alice, 10, null);
    // A later notice for someone else has gone through the same queue: alice's would have come first.
    const bob = await userWith('bob', { notify_type: 'email', notification_email: 'bob-alerts@example.com' });
    notifications.quotaWarning(bob, 1, null);
    await smtp.nextMailTo('bob-alerts@example.com');
    expect(mailsTo('alice@example.com')).toHaveLength(1);
  });

  it("uses the user's own threshold over the option, and a changed setting at once", async () => {
    await g.setOption('DisplayInCurrencyEnabled', 'false');
    await g.addChannel({ name: 'own-thresholds', models: 'gpt-4o-mini' });
    // A relayed call as `who` (each charge here is 1): the relay knows the user's setting without a query.
    const call = async (who: SignedIn) => {
      const { key } = await g.createToken(who);
      await g.openai(key).chat.completions.create({
        model: 'gpt-4o-mini',
        messages: [{ role: 'user', content: 'hello' }],
      });
    };
    const setting = (who: SignedIn, body: Record<string, unknown>) =>
      g.t.http().put('/api/user/setting').set(who.headers).send(body).expect(200);

    // 4,000 left is under the option's 5,000 but over carol's own 100: no mail; dave's own 10,000 mails.
    const carol = await g.newUser('carol', { quota: 4_001 });
    await setting(carol, {
      notify_type: 'email',
      quota_warning_threshold: 100,
      notification_email: 'carol@example.com',
    });
    const dave = await g.newUser('dave', { quota: 6_001 });
    await setting(dave, {
      notify_type: 'email',
      notification_email: 'dave@example.com',
      quota_warning_threshold: 7_000,
    });
    await call(carol);
    await call(dave);
    expect((await smtp.nextMailTo('dave@example.com')).text).toContain('6000 left');
    expect(mailsTo('carol@example.com')).toHaveLength(0);

    // Carol raises her threshold: her next call already reads it.
    await setting(carol, { quota_warning_threshold: 10_000 });
    await call(carol);
    try {
      expect((await smtp.nextMailTo('carol@example.com')).text).toContain('3999 left');
    } finally {
      await g.setOption('DisplayInCurrencyEnabled', 'true');
    }
  });

  it('posts signed JSON to a webhook, unsigned without a secret, and tries a failing receiver once', async () => {
    const erin = await userWith('erin', {
      notify_type: 'webhook',
      webhook_url: `${receiver.url}/erin?token=abc`,
      webhook_secret: 'erin-secret',
    });
    const started = Math.floor(Date.now() / 1000);
    notifications.quotaWarning(erin, 10, null);
    const signed = await nextHook('/erin?token=abc');
    expect(signed.headers['content-type']).toBe('application/json');
    expect(signed.headers['x-webhook-signature']).toBe(
      createHmac('sha256', 'erin-secret').update(signed.raw).digest('hex'),
    );
    expect(signed.body).toEqual({
      type: 'quota_exceed',
      title: QUOTA_TITLE,
      content: expect.stringContaining('Your quota is nearly exhausted: $0.00 left.') as string,
      values: {
        remaining: '$0.00',
        remaining_quota: 10,
        threshold: 5000,
        topup_url: 'https://gw.example.com/topup',
      },
      timestamp: expect.any(Number) as number,
    });
    expect(signed.body.timestamp).toBeGreaterThanOrEqual(started);

    const gina = await userWith('gina', { notify_type: 'webhook', webhook_url: `${receiver.url}/failing` });
    const frank = await userWith('frank', { notify_type: 'webhook', webhook_url: `${receiver.url}/frank` });
    notifications.quotaWarning(gina, 10, null);
    notifications.quotaWarning(frank, 10, null);
    const unsigned = await nextHook('/frank');
    expect(unsigned.headers['x-webhook-signature']).toBeUndefined();
    await sleep(200);
    expect(postsTo('/failing')).toHaveLength(1);
  });

  it('warns a user whose relayed call leaves them under the threshold, and not one who stays above it', async () => {
    g.t.app.get(WebhookSender).allowLocalTargets = true;
    await g.addChannel({ name: 'relay-warning', models: 'gpt-4o-mini' });
    const callAs = async (name: string, quota: number) => {
      const user = await g.newUser(name, { quota });
      await storeSetting(user.id, { notify_type: 'webhook', webhook_url: `${receiver.url}/${name}` });
      const { key } = await g.createToken(user);
      await g.openai(key).chat.completions.create({
        model: 'gpt-4o-mini',
        messages: [{ role: 'user', content: 'hello' }],
      });
    };
    // Any charge takes 5,000 under the option's threshold of 5,000; 10,000,000 stays far above it.
    await callAs('paula', 5_000);
    await callAs('ricky', 10_000_000);
    const warned = await nextHook('/paula', 'quota_exceed');
    expect(warned.body.values.remaining_quota).toBeLessThan(5_000);
    await sleep(300);
    expect(postsTo('/ricky')).toHaveLength(0);
  });

  const channel = async (id: number) =>
    (await g.t.http().get(`/api/channel/${id}`).set(g.root.headers)).body.data as ChannelView;
  const testChannel = (id: number) => g.t.http().get(`/api/channel/test/${id}`).set(g.root.headers);

  it('tells root by their notify settings when a channel test disables a channel and when one enables it', async () => {
    await storeSetting(g.root.id, {
      notify_type: 'webhook',
      webhook_url: `${receiver.url}/root`,
      webhook_secret: 'root-secret',
    });
    await g.setOption('AutomaticDisableChannelEnabled', 'true');
    // The mock provider refuses this key with 401, a reason to disable (reference §2.6).
    const east = await g.addChannel({ name: 'east', key: 'bad-key', models: 'gpt-4o-mini' });
    expect((await testChannel(east)).body).toMatchObject({ success: false });
    expect((await channel(east)).status).toBe(ChannelStatus.AutoDisabled);

    const disabled = await nextHook('/root', `channel_update_${east}_3`);
    expect(disabled.headers['x-webhook-signature']).toBe(
      createHmac('sha256', 'root-secret').update(disabled.raw).digest('hex'),
    );
    expect(disabled.body.title).toBe(`渠道「east」（#${east}）已被禁用 / Channel «east» (#${east}) disabled`);
    expect(disabled.body.content).toContain(`Channel «east» (#${east}) was disabled automatically. Reason: `);
    expect(disabled.body.values).toMatchObject({ channel_id: east, name: 'east', status: 3 });
    expect(String(disabled.body.values.reason)).not.toBe('');

    const west = await g.addChannel({ name: 'west', models: 'gpt-4o-mini' });
    await g.t.app.get(ChannelHealthService).autoDisable(west, 'earlier failure');
    expect((await nextHook('/root', `channel_update_${west}_3`)).body.content).toContain(
      'Reason: earlier failure',
    );
    await g.setOption('AutomaticEnableChannelEnabled', 'true');
    expect((await testChannel(west)).body).toMatchObject({ success: true });
    const enabled = await nextHook('/root', `channel_update_${west}_1`);
    expect(enabled.body.title).toBe(`渠道「west」（#${west}）已被启用 / Channel «west» (#${west}) enabled`);
    expect(enabled.body.content).toContain(
      `Channel «west» (#${west}) passed a channel test and was enabled again.`,
    );
    await g.setOption('AutomaticEnableChannelEnabled', 'false');
  });

  it('ends a "test all" run with a summary to root: tested, failed, disabled', async () => {
    const existing = (await g.t.http().get('/api/channel/?page_size=100').set(g.root.headers)).body.data
      .items as ChannelView[];
    for (const { id } of existing)
      await g.t.http().delete(`/api/channel/${id}/`).set(g.root.headers).expect(200);
    await g.addChannel({ name: 'fine', models: 'gpt-4o-mini' });
    const dead = await g.addChannel({ name: 'dead', key: 'bad-key', models: 'gpt-4o-mini' });
    await g.addLegacyChannel(36, { name: 'suno', models: 'suno_music' });

    const get = (path: string) => g.t.http().get(path).set(g.root.headers);
    expect((await get('/api/channel/test')).body).toMatchObject({ success: true });
    await finishedProgress(get, '/api/channel/test/progress');

    const summary = await nextHook('/root', 'channel_test');
    expect(summary.body.values).toEqual({ tested: 2, failed: 1, disabled: 1 });
    expect(summary.body.title).toBe('渠道测试已完成 / Channel test finished');
    expect(summary.body.content).toContain('All channels were tested: 2 tested, 1 failed, 1 disabled.');
    expect(summary.body.content).toContain('所有渠道测试已完成：共测试 2 个，失败 1 个，禁用 1 个。');
    await nextHook('/root', `channel_update_${dead}_3`);
  });
});
