import { defaultOptionValues } from '@tollgate/contracts';
import { BACKENDS, type SignedIn, startTestApp, type TestApp } from './support/test-app';

describe.each(BACKENDS)('options (%s)', (backend) => {
  let t: TestApp;
  let root: SignedIn;
  let user: SignedIn;

  beforeAll(async () => {
    t = await startTestApp(backend);
    root = await t.setupRoot();
    await t.createUser('plain', 'plain-pass-1');
    user = await t.signIn('plain', 'plain-pass-1');
  });
  afterAll(() => t.close());

  const list = async (): Promise<Record<string, string>> => {
    const response = await t.http().get('/api/option/').set(root.headers).expect(200);
    return Object.fromEntries(
      (response.body.data as Array<{ key: string; value: string }>).map((o) => [o.key, o.value]),
    );
  };
  const put = (key: string, value: string, headers = root.headers) =>
    t.http().put('/api/option/').set(headers).set('Accept-Language', 'zh-CN').send({ key, value });

  it('lists every option with its default; a secret says only whether it is set', async () => {
    const options = await list();
    expect(options.QuotaPerUnit).toBe('500000');
    expect(options.PasswordLoginEnabled).toBe('true');
    await put('SMTPToken', 'smtp-secret-value').expect(200);
    await put('EpayKey', 'epay-secret-value').expect(200);
    const after = await t.http().get('/api/option/').set(root.headers);
    expect(JSON.stringify(after.body)).not.toMatch(/smtp-secret-value|epay-secret-value/);
    const entries = after.body.data as Array<{ key: string; value: string; secret?: true; set?: boolean }>;
    const secrets = Object.fromEntries(entries.filter((e) => e.secret).map((e) => [e.key, e]));
    expect(secrets.SMTPToken).toEqual({ key: 'SMTPToken', value: '', secret: true, set: true });
    expect(secrets.EpayKey).toMatchObject({ value: '', set: true });
    for (const unset of ['GitHubClientSecret', 'oidc.client_secret', 'WorkerValidKey', 'TelegramBotToken']) {
      expect(secrets[unset]).toEqual({ key: unset, value: '', secret: true, set: false });
    }
  });

  it('refuses anonymous callers and ordinary users', async () => {
    expect((await t.http().get('/api/option/')).status).toBe(401);
    expect((await t.http().get('/api/option/').set(user.headers)).status).toBe(403);
    expect((await put('Notice', 'hacked', user.headers)).status).toBe(403);
    expect((await list()).Notice).toBe('');
  });

  it.each([
    ['PasswordRegisterEnabled', 'yes'],
    ['DefaultCollapseSidebar', '1'],
    ['ModelRatio', '{not json'],
    ['GroupRatio', '[1,2'],
    ['RebatePercentage', '101'],
    ['RebatePercentage', '-1'],
    ['claude.thinking_adapter_budget_tokens_percentage', '1.5'],
    ['gemini.thinking_adapter_budget_tokens_percentage', '0.05'],
    ['ModelRequestRateLimitSuccessCount', '0'],
    ['general_setting.ping_interval_seconds', '0'],
    ['EmailDomainWhitelist', 'gmail.com,not a domain'],
    ['EmailDomainWhitelist', 'gmail.com,gmail.com'],
    ['oidc.well_known', 'ftp://issuer.example/.well-known/openid-configuration'],
    ['TopupGroupRatio', '{"default":'],
    ['NoSuchOption', 'x'],
  ])('refuses %s = %j and keeps the stored value', async (key, value) => {
    const before = await list();
    const response = await put(key, value);
    expect(response.body.success).toBe(false);
    expect(response.body.message).toBeTruthy();
    expect(await list()).toEqual(before);
  });

  it('uses the spec messages for JSON, rebate and fallback pricing', async () => {
    expect((await put('ModelRatio', '{oops')).body.message).toContain('不是合法的 JSON 字符串');
    expect((await put('RebatePercentage', '150')).body.message).toBe('返佣百分比必须在0到100之间');
    await put('fallback_single_price', '0.01').expect(200);
    expect((await put('fallback_input_ratio', '1')).body.message).toBe(
      '请检查兜底倍率配置：使用单次价格时不能设置倍率，使用倍率时需要同时设置输入和补全倍率',
    );
    await put('fallback_single_price', '').expect(200);
  });

  it('stores a valid change, shows it in the status object and restores default model ratios', async () => {
    expect((await put('SystemName', 'Acme Gateway')).body).toEqual({ success: true, message: '' });
    expect((await t.http().get('/api/status')).body.data.system_name).toBe('Acme Gateway');
    await put('ModelRatio', '{"my-model":3}').expect(200);
    expect((await list()).ModelRatio).toBe('{"my-model":3}');
    const reset = await t.http().post('/api/option/rest_model_ratio').set(root.headers);
    expect(reset.body.success).toBe(true);
    expect((await list()).ModelRatio).toBe(defaultOptionValues().ModelRatio);
  });

  it('answers every field of the status object', async () => {
    const status = (await t.http().get('/api/status')).body.data as Record<string, unknown>;
    const fields = [
      'system_name',
      'logo',
      'footer_html',
      'quota_per_unit',
      'display_in_currency',
      'enable_drawing',
      'enable_task',
      'enable_data_export',
      'chats',
      'data_export_default_time',
      'default_collapse_sidebar',
      'mj_notify_enabled',
      'docs_link',
      'aff_enabled',
      'check_in_enabled',
      'turnstile_check',
      'turnstile_site_key',
      'email_verification',
      'github_oauth',
      'github_client_id',
      'oidc_enabled',
      'oidc_client_id',
      'oidc_authorization_endpoint',
      'wechat_login',
      'wechat_qrcode',
      'telegram_oauth',
      'telegram_bot_name',
      'linuxdo_oauth',
      'linuxdo_client_id',
      'version',
      'start_time',
      'top_up_link',
      'min_topup',
      'enable_online_topup',
      'server_address',
      'self_use_mode_enabled',
      'demo_site_enabled',
      'setup',
    ];
    for (const field of fields) expect(status).toHaveProperty(field);
    expect(status.quota_per_unit).toBe(500000);
    expect(Array.isArray(status.chats)).toBe(true);
    expect(status.enable_online_topup).toBe(false);
    expect(JSON.stringify(status)).not.toContain('smtp-secret-value');
  });
});

describe('options across replicas (PostgreSQL + Redis)', () => {
  it('reaches a second replica without a restart (published; nothing reloads on a timer)', async () => {
    const first = await startTestApp('full');
    const second = await startTestApp('full', {
      databaseUrl: first.config.databaseUrl,
      redisPrefix: first.config.redisPrefix,
    });
    try {
      const root = await first.setupRoot();
      await first
        .http()
        .put('/api/option/')
        .set(root.headers)
        .send({ key: 'Notice', value: 'maintenance at 5' })
        .expect(200);
      const started = Date.now();
      let seen = '';
      // No periodic reload exists to hide a lost notice, so 5 s of patience (a busy machine) misses nothing.
      while (Date.now() - started < 5_000 && seen !== 'maintenance at 5') {
        const response = await second.http().get('/api/option/').set(root.headers);
        seen =
          (response.body.data as Array<{ key: string; value: string }>).find((o) => o.key === 'Notice')
            ?.value ?? '';
        if (seen !== 'maintenance at 5') await new Promise((resolve) => setTimeout(resolve, 50));
      }
      expect(seen).toBe('maintenance at 5');
    } finally {
      await second.close();
      await first.close();
    }
  });
});
