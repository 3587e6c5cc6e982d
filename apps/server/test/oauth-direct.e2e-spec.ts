import { createHash, createHmac } from 'node:crypto';
import { DataSource } from 'typeorm';
import { UserEntity } from '../src/modules/users/user.entity';
import { setOptions } from './support/fakes/identity-setup';
import { startWeChatFake, type WeChatFake } from './support/fakes/wechat-fake';
import { BACKENDS, type SignedIn, startTestApp, type TestApp } from './support/test-app';

const BOT_TOKEN = '7000000001:telegram-bot-token';
const now = () => Math.floor(Date.now() / 1000);

/** What Telegram's login widget hands over, signed the way Telegram signs it. */
function telegramWidget(fields: Record<string, string>, botToken = BOT_TOKEN): Record<string, string> {
  const text = Object.keys(fields)
    .sort()
    .map((key) => `${key}=${fields[key]}`)
    .join('\n');
  const secret = createHash('sha256').update(botToken).digest();
  return { ...fields, hash: createHmac('sha256', secret).update(text).digest('hex') };
}

describe.each(BACKENDS)('WeChat and Telegram logins (%s)', (backend) => {
  let t: TestApp;
  let root: SignedIn;
  let wechat: WeChatFake;

  beforeAll(async () => {
    wechat = await startWeChatFake('wechat-helper-token');
    t = await startTestApp(backend);
    root = await t.setupRoot();
  });
  afterAll(async () => {
    await t.close();
    await wechat.close();
  });

  const users = () => t.app.get(DataSource).getRepository(UserEntity);
  const get = (path: string, query: Record<string, string>, who?: SignedIn) =>
    t
      .http()
      .get(path)
      .query(query)
      .set('Accept-Language', 'en')
      .set(who?.headers ?? {});
  const signedInUser = async (name: string) => {
    await t.createUser(name, `${name}-pass-1`);
    return t.signIn(name, `${name}-pass-1`);
  };

  describe('WeChat', () => {
    it('refuses while switched off', async () => {
      expect((await get('/api/oauth/wechat', { code: '123456' })).body).toEqual({
        success: false,
        message: 'The administrator has not enabled login and registration with WeChat',
      });
    });

    it('turns a code into the WeChat id through the helper server, signing up then in', async () => {
      await setOptions(t, root, {
        WeChatServerAddress: `${wechat.url}/`,
        WeChatServerToken: 'wechat-helper-token',
        WeChatAuthEnabled: 'true',
      });
      wechat.codes.set('246810', 'oWx-abc123');
      const first = await get('/api/oauth/wechat', { code: '246810' });
      expect(first.body.data).toMatchObject({ username: 'wechat_oWx-a', wechat_id: 'oWx-abc123' });
      expect(String(first.headers['set-cookie'])).toMatch(/session=/);
      expect(wechat.authorizations.at(-1)).toBe('wechat-helper-token');
      const again = await get('/api/oauth/wechat', { code: '246810' });
      expect((again.body.data as { id: number }).id).toBe((first.body.data as { id: number }).id);
    });

    it('refuses wrong or missing codes and a refused helper token, creating nobody', async () => {
      const before = await users().count();
      const wrong = { success: false, message: 'The WeChat verification code is wrong or has expired' };
      expect((await get('/api/oauth/wechat', { code: '000000' })).body).toEqual(wrong);
      expect((await get('/api/oauth/wechat', {})).body).toEqual(wrong);
      await setOptions(t, root, { WeChatServerToken: 'stale-token' });
      wechat.codes.set('135790', 'oWx-new');
      expect((await get('/api/oauth/wechat', { code: '135790' })).body).toEqual({
        success: false,
        message: 'Signing in with WeChat failed, please try again',
      });
      await setOptions(t, root, { WeChatServerToken: 'wechat-helper-token' });
      expect(await users().count()).toBe(before);
    });

    it('binds to the signed-in user only', async () => {
      const user = await signedInUser('wxbinder');
      wechat.codes.set('112233', 'oWx-binder');
      expect((await get('/api/oauth/wechat/bind', { code: '112233' })).status).toBe(401);
      expect((await get('/api/oauth/wechat/bind', { code: '112233' }, user)).body).toEqual({
        success: true,
        message: '',
        data: { bound: 'wechat' },
      });
      expect((await users().findOneByOrFail({ id: user.id })).wechatId).toBe('oWx-binder');
      const other = await signedInUser('wxother');
      expect((await get('/api/oauth/wechat/bind', { code: '112233' }, other)).body).toEqual({
        success: false,
        message: 'This WeChat account is already bound to another user',
      });
      expect((await users().findOneByOrFail({ id: other.id })).wechatId).toBe('');
    });
  });

  describe('Telegram', () => {
    const widget = () => ({
      id: '424242',
      first_name: 'Ada',
      username: 'ada_tg',
      auth_date: String(now() - 30),
    });

    it('refuses while switched off', async () => {
      expect((await get('/api/oauth/telegram/login', telegramWidget(widget()))).body.message).toBe(
        'The administrator has not enabled login and registration with Telegram',
      );
    });

    it('binds verified widget data to the signed-in user, then signs that user in with it', async () => {
      await setOptions(t, root, {
        TelegramBotName: 'tollgate_bot',
        TelegramBotToken: BOT_TOKEN,
        TelegramOAuthEnabled: 'true',
      });
      const data = telegramWidget(widget());
      // Login is only for accounts that already bound Telegram.
      expect((await get('/api/oauth/telegram/login', data)).body).toEqual({
        success: false,
        message:
          'This Telegram account is not bound to any user; sign in another way and bind it in settings',
      });
      const user = await signedInUser('tgbinder');
      expect((await get('/api/oauth/telegram/bind', data, user)).body.data).toEqual({ bound: 'telegram' });
      const login = await get('/api/oauth/telegram/login', data);
      expect(login.body.data).toMatchObject({ id: user.id, telegram_id: '424242' });
      expect(String(login.headers['set-cookie'])).toMatch(/session=/);
    });

    it('refuses forged, foreign-bot and day-old data, binding nothing', async () => {
      const user = await signedInUser('tgvictim');
      const forged = { ...telegramWidget(widget()), id: '999' };
      const invalid = { success: false, message: 'The Telegram login data could not be verified' };
      expect((await get('/api/oauth/telegram/bind', forged, user)).body).toEqual(invalid);
      expect((await get('/api/oauth/telegram/login', forged)).body).toEqual(invalid);
      expect(
        (await get('/api/oauth/telegram/bind', telegramWidget(widget(), '1:other-bot'), user)).body,
      ).toEqual(invalid);
      const stale = telegramWidget({ ...widget(), auth_date: String(now() - 86_400 - 60) });
      expect((await get('/api/oauth/telegram/login', stale)).body.message).toBe(
        'The Telegram login has expired, please sign in with Telegram again',
      );
      expect((await get('/api/oauth/telegram/login', {})).body.success).toBe(false);
      expect((await users().findOneByOrFail({ id: user.id })).telegramId).toBe('');
    });
  });
});
