import { type AddressInfo } from 'node:net';
import { type EpayFake, startEpayFake } from '@tollgate/test-fakes';
import { type EpayFormFields, Role, type TopUpOrder } from '@tollgate/contracts';
import type request from 'supertest';
import { DataSource } from 'typeorm';
import { type Backend, type SignedIn, startTestApp, type TestApp, type TestAppOptions } from './test-app';

export const MERCHANT = { pid: '1001', key: 'merchant-secret-key' };

/** A row of the orders table, as stored. */
export interface StoredOrder {
  id: number;
  user_id: number;
  trade_no: string;
  quota: number;
  money_cents: number;
  status: string;
  created_at: number;
  completed_at: number;
}

/**
 * The app listening on a port (the fake gateway calls it back), root, an admin and three users (ann, ben, cat),
 * with easy-pay configured against the fake gateway unless `configure` is false.
 */
export interface PaymentsDesk {
  t: TestApp;
  epay: EpayFake;
  origin: string;
  root: SignedIn;
  admin: SignedIn;
  users: SignedIn[];
  setOption(key: string, value: string): Promise<void>;
  /** Sets PayAddress, EpayId, EpayKey and ServerAddress to the fake and this app. */
  configure(): Promise<void>;
  amount(who: SignedIn, body: object, lang?: string): request.Test;
  pay(who: SignedIn, body: object, lang?: string): request.Test;
  /** Pays `amount` with zfb and has the fake gateway take the form as a browser would; answers the fields. */
  order(who: SignedIn, amount: number): Promise<EpayFormFields>;
  quotaOf(who: SignedIn | number): Promise<number>;
  orders(): Promise<StoredOrder[]>;
  ordersOf(who: SignedIn): Promise<TopUpOrder[]>;
  sql<T = Record<string, unknown>>(query: string): Promise<T[]>;
  close(): Promise<void>;
}

export async function startPaymentsDesk(
  backend: Backend,
  options: TestAppOptions & { configure?: boolean } = {},
): Promise<PaymentsDesk> {
  const epay = await startEpayFake(MERCHANT);
  const t = await startTestApp(backend, options);
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const origin = `http://127.0.0.1:${(t.app.getHttpServer().address() as AddressInfo).port}`;
  const root = await t.setupRoot();
  await t.createUser('admin1', 'admin-pass-1', Role.Admin);
  const admin = await t.signIn('admin1', 'admin-pass-1');
  const users: SignedIn[] = [];
  for (const name of ['ann', 'ben', 'cat']) {
    await t.createUser(name, `${name}-pass-123`);
    users.push(await t.signIn(name, `${name}-pass-123`));
  }
  const sql = <T>(query: string) => t.app.get(DataSource).query<T[]>(query);
  const setOption = async (key: string, value: string) => {
    const response = await t.http().put('/api/option/').set(root.headers).send({ key, value });
    if (!(response.body as { success: boolean }).success)
      throw new Error(`option ${key}: ${JSON.stringify(response.body)}`);
  };
  const configure = async () => {
    // The options refuse payment settings before the server address (spec 000 §5).
    await setOption('ServerAddress', origin);
    await setOption('PayAddress', epay.url);
    await setOption('EpayId', MERCHANT.pid);
    await setOption('EpayKey', MERCHANT.key);
  };
  if (options.configure !== false) await configure();
  const post =
    (path: string) =>
    (who: SignedIn, body: object, lang = 'zh-CN') =>
      t.http().post(path).set(who.headers).set('Accept-Language', lang).send(body);
  const pay = post('/api/user/pay');

  return {
    t,
    epay,
    origin,
    root,
    admin,
    users,
    setOption,
    configure,
    amount: post('/api/user/amount'),
    pay,
    async order(who, amount) {
      const body = (await pay(who, { amount, payment_method: 'zfb' })).body as { data: EpayFormFields };
      const page = await epay.submit(body.data as unknown as Record<string, string>);
      if (page.status !== 200) throw new Error(`the fake gateway refused the form: ${page.text}`);
      return body.data;
    },
    async quotaOf(who) {
      const id = typeof who === 'number' ? who : who.id;
      const response = await t.http().get(`/api/user/${id}`).set(root.headers);
      return (response.body as { data: { quota: number } }).data.quota;
    },
    async orders() {
      const rows = await sql<StoredOrder>('SELECT * FROM top_ups ORDER BY id');
      return rows.map((row) => ({
        ...row,
        quota: Number(row.quota),
        money_cents: Number(row.money_cents),
        created_at: Number(row.created_at),
        completed_at: Number(row.completed_at),
      }));
    },
    async ordersOf(who) {
      const response = await t.http().get('/api/user/topup/self?page_size=100').set(who.headers);
      return (response.body as { data: { items: TopUpOrder[] } }).data.items;
    },
    sql,
    async close() {
      await t.close();
      await epay.close();
    },
  };
}
