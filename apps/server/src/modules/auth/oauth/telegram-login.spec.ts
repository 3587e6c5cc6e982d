import { createHash, createHmac } from 'node:crypto';
import { checkTelegramLogin, TELEGRAM_MAX_AGE_SECONDS } from './telegram-login';

const BOT_TOKEN = '123456:bot-token-for-tests';
const NOW = 1_750_000_000;

// Signed the way Telegram's servers sign the widget data, written out independently of the code under test.
function signed(fields: Record<string, string>, token = BOT_TOKEN): Record<string, string> {
  const text = Object.keys(fields)
    .sort()
    .map((key) => `${key}=${fields[key]}`)
    .join('\n');
  const key = createHash('sha256').update(token).digest();
  return { ...fields, hash: createHmac('sha256', key).update(text).digest('hex') };
}

const widget = { id: '4242', first_name: 'Ada', username: 'ada_l', auth_date: String(NOW - 60) };

describe('telegram login check', () => {
  it('accepts data signed with the bot token', () => {
    expect(checkTelegramLogin(signed(widget), BOT_TOKEN, NOW)).toBe('valid');
  });

  it('refuses changed fields, another bot token, a missing or malformed hash', () => {
    expect(checkTelegramLogin({ ...signed(widget), id: '4243' }, BOT_TOKEN, NOW)).toBe('forged');
    expect(checkTelegramLogin(signed(widget, 'other:token'), BOT_TOKEN, NOW)).toBe('forged');
    expect(checkTelegramLogin(widget, BOT_TOKEN, NOW)).toBe('forged');
    expect(checkTelegramLogin({ ...widget, hash: 'zz' }, BOT_TOKEN, NOW)).toBe('forged');
    expect(checkTelegramLogin(signed(widget), '', NOW)).toBe('forged');
  });

  it('refuses data older than a day or dated in the future', () => {
    const old = signed({ ...widget, auth_date: String(NOW - TELEGRAM_MAX_AGE_SECONDS - 1) });
    expect(checkTelegramLogin(old, BOT_TOKEN, NOW)).toBe('expired');
    const future = signed({ ...widget, auth_date: String(NOW + 3600) });
    expect(checkTelegramLogin(future, BOT_TOKEN, NOW)).toBe('forged');
  });
});
