import { UpstreamCallError } from '../relay/probes';
import { isJsonObject } from '../../common/json';

/** GETs a JSON answer (throws UpstreamCallError on any failure). */
export type GetJson = (url: string, headers: Record<string, string>) => Promise<unknown>;

/** What a balance query needs: the channel's own base_url ('' = the provider's public host) and one key. */
export interface BalanceTarget {
  type: number;
  baseUrl: string;
  key: string;
}

export type BalanceReader = (target: BalanceTarget, getJson: GetJson, now: Date) => Promise<number>;

const field = (value: unknown, name: string): unknown => (isJsonObject(value) ? value[name] : undefined);

/** The provider's own words for a refusal, when it gave any. */
const refusal = (answer: unknown): UpstreamCallError => {
  const message = field(answer, 'message');
  return new UpstreamCallError(
    typeof message === 'string' && message !== '' ? message : 'the provider refused the query',
  );
};

/** A number the provider may send as text ("12.50"); anything else means the answer is not what we know. */
function amount(value: unknown, what: string): number {
  const parsed = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  if (typeof parsed !== 'number' || !Number.isFinite(parsed)) {
    throw new UpstreamCallError(`the answer has no ${what}`);
  }
  return parsed;
}

const bearer = (key: string) => ({ authorization: `Bearer ${key}` });
const base = (target: BalanceTarget, host: string): string =>
  (target.baseUrl.trim() || host).replace(/\/+$/, '');
const day = (date: Date): string => date.toISOString().slice(0, 10);

// OpenAI's legacy billing API: the hard limit minus this period's usage (cents); accounts without a
// payment method are prepaid grants, so their usage counts from 100 days back.
const openAi =
  (host: string): BalanceReader =>
  async (target, getJson, now) => {
    const root = `${base(target, host)}/v1/dashboard/billing`;
    const subscription = await getJson(`${root}/subscription`, bearer(target.key));
    const limit = amount(field(subscription, 'hard_limit_usd'), 'hard_limit_usd');
    const start =
      field(subscription, 'has_payment_method') === true
        ? `${day(now).slice(0, 8)}01`
        : day(new Date(now.getTime() - 100 * 86_400_000));
    const usage = await getJson(`${root}/usage?start_date=${start}&end_date=${day(now)}`, bearer(target.key));
    return limit - amount(field(usage, 'total_usage'), 'total_usage') / 100;
  };

const aiProxy: BalanceReader = async (target, getJson) => {
  const answer = await getJson(`${base(target, 'https://aiproxy.io')}/api/report/getUserOverview`, {
    'api-key': target.key,
  });
  if (field(answer, 'success') !== true) {
    throw refusal(answer);
  }
  return amount(field(field(answer, 'data'), 'totalPoints'), 'totalPoints');
};

const creditGrants =
  (host: string, total: 'total_remaining' | 'total_available'): BalanceReader =>
  async (target, getJson) => {
    const answer = await getJson(`${base(target, host)}/dashboard/billing/credit_grants`, bearer(target.key));
    return amount(field(answer, total), total);
  };

const siliconFlow: BalanceReader = async (target, getJson) => {
  const answer = await getJson(
    `${base(target, 'https://api.siliconflow.cn')}/v1/user/info`,
    bearer(target.key),
  );
  if (field(answer, 'code') !== 20000) {
    throw refusal(answer);
  }
  return amount(field(field(answer, 'data'), 'totalBalance'), 'totalBalance');
};

// DeepSeek reports one entry per currency; the gateway keeps the yuan balance.
const deepSeek: BalanceReader = async (target, getJson) => {
  const answer = await getJson(
    `${base(target, 'https://api.deepseek.com')}/user/balance`,
    bearer(target.key),
  );
  const infos = field(answer, 'balance_infos');
  const cny: unknown = Array.isArray(infos)
    ? infos.find((info: unknown) => field(info, 'currency') === 'CNY')
    : undefined;
  return cny === undefined ? 0 : amount(field(cny, 'total_balance'), 'total_balance');
};

/** Reference §6: the providers whose balance the gateway can read, by channel type. */
const READERS = new Map<number, BalanceReader>([
  [1, openAi('https://api.openai.com')],
  // Custom channels must carry their own base_url (the channel form requires it).
  [8, openAi('')],
  [10, aiProxy],
  [12, creditGrants('https://api.api2gpt.com', 'total_remaining')],
  [13, creditGrants('https://api.aigc2d.com', 'total_available')],
  [40, siliconFlow],
  [43, deepSeek],
]);

/** The balance reader of a channel type; undefined = not implemented for it. */
export const balanceReaderFor = (type: number): BalanceReader | undefined => READERS.get(type);
