import { type LogItem, LogType } from '@tollgate/contracts';
import { LogsService } from '../../src/modules/logs/logs.service';
import { type RelayGateway } from './relay-gateway';
import { type SignedIn } from './test-app';

/** One seeded row, as a test states it; `label` (its content) names it in assertions. */
export interface SeedRow {
  label: string;
  userId: number;
  username: string;
  type: LogType;
  tokenName: string;
  modelName: string;
  group: string;
  channel: number;
  createdAt: number;
  quota: number;
  promptTokens: number;
  completionTokens: number;
  other: Record<string, unknown>;
}

export interface Envelope<T> {
  success: boolean;
  message: string;
  data: T;
}

export interface LogPageAnswer {
  items: LogItem[];
  page: number;
  page_size: number;
  total: number;
  total_exact: boolean;
}

/** Writes rows through the logs service, the way the relay and the ledger do. */
export async function seedLogs(g: RelayGateway, rows: SeedRow[]): Promise<void> {
  await g.t.app.get(LogsService).recordMany(
    rows.map((row) => ({
      type: row.type,
      createdAt: row.createdAt,
      userId: row.userId,
      username: row.username,
      tokenName: row.tokenName,
      modelName: row.modelName,
      group: row.group,
      channel: row.channel,
      quota: row.quota,
      promptTokens: row.promptTokens,
      completionTokens: row.completionTokens,
      content: row.label,
      other: JSON.stringify(row.other),
    })),
  );
}

/** Labels of the rows a filter keeps, newest first (created_at, then the later insert), as the API must order them. */
export function expectedLabels(rows: SeedRow[], keep: (row: SeedRow) => boolean): string[] {
  return rows
    .map((row, index) => ({ row, index }))
    .filter(({ row }) => keep(row))
    .sort((a, b) => b.row.createdAt - a.row.createdAt || b.index - a.index)
    .map(({ row }) => row.label);
}

/** GET a log route as `who`, with a query; answers the envelope. */
export async function getLogs<T>(
  g: RelayGateway,
  who: SignedIn,
  path: string,
  query: Record<string, string | number> = {},
): Promise<Envelope<T>> {
  const response = await g.t.http().get(path).query(query).set(who.headers).set('Accept-Language', 'en');
  expect(response.status).toBe(200);
  return response.body as Envelope<T>;
}

/** Every label of a filtered page walk (page size 100), checking each page's shape on the way. */
export async function allLabels(
  g: RelayGateway,
  who: SignedIn,
  path: string,
  query: Record<string, string | number> = {},
): Promise<string[]> {
  const labels: string[] = [];
  for (let p = 1; ; p += 1) {
    const body = await getLogs<LogPageAnswer>(g, who, path, { ...query, p, page_size: 100 });
    expect(body).toMatchObject({ success: true, data: { page: p, page_size: 100, total_exact: true } });
    labels.push(...body.data.items.map((item) => item.content));
    if (body.data.items.length < 100) {
      expect(body.data.total).toBe(labels.length);
      return labels;
    }
  }
}

export const consumes = (row: SeedRow): boolean => row.type === LogType.Consume;
export const tokensOf = (row: SeedRow): number => row.promptTokens + row.completionTokens;
