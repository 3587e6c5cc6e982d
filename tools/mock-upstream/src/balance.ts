// Providers' balance endpoints (the gateway's "update balance", reference §6). The amount comes from the
// key, so tests can assert it: `sk-balance-12.5` has 12.5, `sk-balance-0` has 0; any other key has 100.
import { type Handler, type MockContext } from './context';
import { type Dialect, headerText, type RequestView } from './dialect';
import { invalidRequest } from './errors';
import { sendJson } from './reply';
import { type Route } from './routes';

const KEY_AMOUNT = /^sk-balance-(-?\d+(?:\.\d+)?)$/;
const DEFAULT_AMOUNT = 100;
// OpenAI reports usage in cents; the subscription's hard limit is this much above the balance.
const USED_USD = 5;
const BAD_KEY = 'bad-key';

function amountOf(key: string): number {
  const match = KEY_AMOUNT.exec(key.trim());
  return match ? Number(match[1]) : DEFAULT_AMOUNT;
}

const bearerAmount = (ctx: MockContext): number => amountOf((ctx.headers.authorization ?? '').slice(7));

const money = (value: number): string => value.toFixed(2);

const subscription: Handler = (ctx) => {
  const limit = bearerAmount(ctx) + USED_USD;
  sendJson(
    ctx.res,
    200,
    {
      object: 'billing_subscription',
      has_payment_method: true,
      soft_limit_usd: limit,
      hard_limit_usd: limit,
      system_hard_limit_usd: limit,
      access_until: 0,
    },
    ctx.behaviour,
  );
};

// Like OpenAI, the period is required: a caller that leaves it out gets a 400.
const usage: Handler = (ctx) => {
  if (!ctx.query.get('start_date') || !ctx.query.get('end_date')) {
    sendJson(ctx.res, 400, invalidRequest('start_date and end_date are required'), ctx.behaviour);
    return;
  }
  sendJson(ctx.res, 200, { object: 'list', daily_costs: [], total_usage: USED_USD * 100 }, ctx.behaviour);
};

const creditGrants: Handler = (ctx) => {
  const amount = bearerAmount(ctx);
  sendJson(
    ctx.res,
    200,
    {
      object: 'credit_summary',
      total_granted: amount + USED_USD,
      total_used: USED_USD,
      total_available: amount,
      total_remaining: amount,
    },
    ctx.behaviour,
  );
};

// DeepSeek lists one entry per currency.
const deepSeekBalance: Handler = (ctx) => {
  const amount = bearerAmount(ctx);
  const entry = (currency: string, total: number) => ({
    currency,
    total_balance: money(total),
    granted_balance: '0.00',
    topped_up_balance: money(total),
  });
  sendJson(
    ctx.res,
    200,
    { is_available: amount > 0, balance_infos: [entry('USD', amount / 7), entry('CNY', amount)] },
    ctx.behaviour,
  );
};

const siliconFlowUserInfo: Handler = (ctx) => {
  const amount = bearerAmount(ctx);
  sendJson(
    ctx.res,
    200,
    {
      code: 20000,
      message: 'OK',
      status: true,
      data: {
        id: 'mock-user',
        name: 'mock',
        balance: money(amount),
        chargeBalance: '0.00',
        totalBalance: money(amount),
      },
    },
    ctx.behaviour,
  );
};

// AIProxy authenticates with an `Api-Key` header and answers {success, message, data}.
const AIPROXY_DIALECT: Dialect = {
  authenticate(req: RequestView) {
    const key = headerText(req.headers, 'api-key');
    return key === undefined || key === '' || key === BAD_KEY
      ? { status: 401, body: { success: false, message: 'invalid Api-Key' } }
      : null;
  },
  invalidRequest: (message) => ({ status: 400, body: { success: false, message } }),
  statusError: (status) => ({ status, body: { success: false, message: `mock AIProxy error ${status}` } }),
};

const aiProxyOverview: Handler = (ctx) => {
  const amount = amountOf(headerText(ctx.headers, 'api-key') ?? '');
  sendJson(ctx.res, 200, { success: true, message: '', data: { totalPoints: amount } }, ctx.behaviour);
};

const BEARER_ROUTES = new Map<string, Handler>([
  ['GET /v1/dashboard/billing/subscription', subscription],
  ['GET /v1/dashboard/billing/usage', usage],
  ['GET /dashboard/billing/credit_grants', creditGrants],
  ['GET /user/balance', deepSeekBalance],
  ['GET /v1/user/info', siliconFlowUserInfo],
]);

export function findBalanceRoute({ method, path }: RequestView): Route | null {
  const handler = BEARER_ROUTES.get(`${method} ${path}`);
  if (handler) return { handler, pathParam: undefined };
  if (method === 'GET' && path === '/api/report/getUserOverview') {
    return { handler: aiProxyOverview, pathParam: undefined, dialect: AIPROXY_DIALECT };
  }
  return null;
}
