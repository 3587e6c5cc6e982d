import { createHash, createHmac, timingSafeEqual } from 'node:crypto';

/** Reference §8.4 leaves the age open; a day keeps a leaked widget link from working forever. */
export const TELEGRAM_MAX_AGE_SECONDS = 24 * 3600;
// Clocks differ a little between Telegram and us.
const FUTURE_SKEW_SECONDS = 60;

export type TelegramCheck = 'valid' | 'forged' | 'expired';

/**
 * Telegram login widget check: the data-check string is every field but `hash` as `key=value`, sorted by
 * key, joined by newlines; its HMAC-SHA256 under SHA-256(bot token) must equal `hash` (hex).
 */
export function checkTelegramLogin(
  fields: Readonly<Record<string, string | undefined>>,
  botToken: string,
  nowSeconds: number,
): TelegramCheck {
  const { hash, ...rest } = fields;
  if (!hash || !botToken || !/^[0-9a-f]{64}$/i.test(hash)) return 'forged';
  const dataCheck = Object.entries(rest)
    .filter((entry): entry is [string, string] => entry[1] !== undefined)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([name, value]) => `${name}=${value}`)
    .join('\n');
  const secret = createHash('sha256').update(botToken).digest();
  const expected = createHmac('sha256', secret).update(dataCheck).digest();
  if (!timingSafeEqual(expected, Buffer.from(hash, 'hex'))) return 'forged';
  const authDate = Number(fields.auth_date);
  if (!Number.isSafeInteger(authDate) || authDate > nowSeconds + FUTURE_SKEW_SECONDS) return 'forged';
  return nowSeconds - authDate > TELEGRAM_MAX_AGE_SECONDS ? 'expired' : 'valid';
}
