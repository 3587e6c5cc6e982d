import { createHash, randomInt } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { type AddressInfo } from 'node:net';

/** The merchant account the fake knows: id and MD5 key, as an easy-pay operator hands them out. */
export interface EpayMerchant {
  pid: string;
  key: string;
}

/** An order as submitted by a buyer's browser (the signed form our server answered). */
export interface EpaySubmittedOrder {
  fields: Record<string, string>;
  /** The gateway's own trade number, sent back in the callback as `trade_no`. */
  tradeNo: string;
}

/**
 * How a callback is sent: `signed` as a real gateway does; `forged` signed with another key; `altered` signed,
 * then its money changed; `money` signed correctly over a different amount (a gateway bug or a replayed
 * callback of another order).
 */
export interface EpayCallbackOptions {
  variant?: 'signed' | 'forged' | 'altered';
  money?: string;
  pid?: string;
  tradeStatus?: string;
  method?: 'GET' | 'POST';
  /** Another address than the order's notify_url (a second replica). */
  notifyUrl?: string;
}

export interface EpayFake {
  url: string;
  /** Orders whose form reached /submit.php with a valid signature, by out_trade_no. */
  orders: Map<string, EpaySubmittedOrder>;
  /** What a buyer's browser does with the form: posts it to /submit.php; the page's status and text. */
  submit(fields: Record<string, string>): Promise<{ status: number; text: string }>;
  /** Calls the order's notify_url back as the gateway would after a payment; the merchant's answer text. */
  callback(outTradeNo: string, options?: EpayCallbackOptions): Promise<string>;
  close(): Promise<void>;
}

const SUCCESS = 'TRADE_SUCCESS';

/** The easy-pay MD5 signature, written here as the gateway's side (it shares no code with the server). */
export function epayFakeSign(params: Record<string, string>, key: string): string {
  const text = Object.keys(params)
    .filter((name) => name !== 'sign' && name !== 'sign_type' && params[name] !== '')
    .sort()
    .map((name) => `${name}=${params[name]}`)
    .join('&');
  return createHash('md5')
    .update(text + key)
    .digest('hex');
}

/**
 * A fake easy-pay merchant gateway for the HTTP tests and the browser journeys: `/submit.php` checks the form's
 * merchant and signature and shows a cashier page; its "pay" button calls the merchant back (signed GET to
 * notify_url) and, when the merchant answers `success`, sends the buyer to return_url.
 */
export async function startEpayFake(merchant: EpayMerchant): Promise<EpayFake> {
  const orders = new Map<string, EpaySubmittedOrder>();

  const callbackParams = (
    order: EpaySubmittedOrder,
    options: EpayCallbackOptions,
  ): Record<string, string> => {
    const { fields } = order;
    const params: Record<string, string> = {
      pid: options.pid ?? merchant.pid,
      trade_no: order.tradeNo,
      out_trade_no: fields.out_trade_no,
      type: fields.type,
      name: fields.name,
      money: options.money ?? fields.money,
      trade_status: options.tradeStatus ?? SUCCESS,
    };
    const key = options.variant === 'forged' ? `${merchant.key}-forged` : merchant.key;
    const signed: Record<string, string> = { ...params, sign: epayFakeSign(params, key), sign_type: 'MD5' };
    if (options.variant === 'altered') signed.money = (Number(signed.money) + 100).toFixed(2);
    return signed;
  };

  const callback = async (outTradeNo: string, options: EpayCallbackOptions = {}): Promise<string> => {
    const order = orders.get(outTradeNo);
    if (!order) throw new Error(`the fake gateway has no order ${outTradeNo}`);
    const target = options.notifyUrl ?? order.fields.notify_url;
    const query = new URLSearchParams(callbackParams(order, options));
    const response =
      options.method === 'POST'
        ? await fetch(target, {
            method: 'POST',
            headers: { 'content-type': 'application/x-www-form-urlencoded' },
            body: query.toString(),
          })
        : await fetch(`${target}?${query.toString()}`);
    return response.text();
  };

  const server = createServer((request, response) => {
    void route(request, response).catch((error: unknown) => {
      if (!response.headersSent) send(response, 500, page('error', String(error)));
    });
  });

  async function route(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const url = new URL(request.url ?? '/', 'http://fake');
    const fields = { ...Object.fromEntries(url.searchParams), ...(await readForm(request)) };
    if (url.pathname === '/submit.php') return cashier(fields, response);
    if (url.pathname === '/fake/pay' && request.method === 'POST') return pay(fields.out_trade_no, response);
    send(response, 404, page('404', 'not found'));
  }

  function cashier(fields: Record<string, string>, response: ServerResponse): void {
    if (fields.pid !== merchant.pid)
      return send(response, 400, page('商户不存在 / unknown merchant', fields.pid));
    if (fields.sign !== epayFakeSign(fields, merchant.key))
      return send(response, 400, page('签名校验失败 / bad signature', fields.out_trade_no));
    const tradeNo = `FAKE${Date.now()}${randomInt(1000, 10000)}`;
    orders.set(fields.out_trade_no, { fields, tradeNo });
    const rows = [
      ['商品 / Item', fields.name],
      ['订单号 / Order', fields.out_trade_no],
      ['支付方式 / Method', fields.type],
      ['金额 / Amount', `¥${fields.money}`],
    ];
    const body =
      `<table>${rows.map(([k, v]) => `<tr><th>${escape(k)}</th><td>${escape(v)}</td></tr>`).join('')}</table>` +
      `<form method="post" action="/fake/pay"><input type="hidden" name="out_trade_no" value="${escape(fields.out_trade_no)}">` +
      '<button type="submit">确认付款 / Pay now</button></form>';
    send(response, 200, page('易支付收银台 / Easy-pay cashier (fake)', body, true));
  }

  async function pay(outTradeNo: string | undefined, response: ServerResponse): Promise<void> {
    const order = outTradeNo ? orders.get(outTradeNo) : undefined;
    if (!order) return send(response, 404, page('订单不存在 / unknown order', outTradeNo ?? ''));
    const answer = await callback(order.fields.out_trade_no);
    if (answer !== 'success') return send(response, 502, page('商户通知失败 / merchant refused', answer));
    const back = new URL(order.fields.return_url);
    for (const [name, value] of Object.entries(callbackParams(order, {}))) back.searchParams.set(name, value);
    response.writeHead(302, { location: back.toString() }).end();
  }

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    orders,
    async submit(fields) {
      const response = await fetch(`${url}/submit.php`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams(fields).toString(),
      });
      return { status: response.status, text: await response.text() };
    },
    callback,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

async function readForm(request: IncomingMessage): Promise<Record<string, string>> {
  if (request.method !== 'POST') return {};
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Object.fromEntries(new URLSearchParams(Buffer.concat(chunks).toString('utf8')));
}

function send(response: ServerResponse, status: number, html: string): void {
  response.writeHead(status, { 'content-type': 'text/html; charset=utf-8' }).end(html);
}

const escape = (text: string) =>
  text.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c] ?? c);

function page(title: string, body: string, html = false): string {
  const style =
    'body{font-family:sans-serif;max-width:480px;margin:40px auto;padding:0 16px}th{text-align:left;padding-right:16px}' +
    'button{margin-top:24px;padding:10px 24px;font-size:16px;background:#1677ff;color:#fff;border:0;border-radius:6px}';
  return (
    `<!doctype html><html><head><meta charset="utf-8"><meta name="viewport" content="width=device-width">` +
    `<title>${escape(title)}</title><style>${style}</style></head>` +
    `<body><h1>${escape(title)}</h1>${html ? body : `<p>${escape(body)}</p>`}</body></html>`
  );
}
