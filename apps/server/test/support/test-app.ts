import { type NestFastifyApplication } from '@nestjs/platform-fastify';
import { Role, USER_ID_HEADER } from '@tollgate/contracts';
import pino from 'pino';
import request from 'supertest';
import type TestAgent from 'supertest/lib/agent';
import { createHttpApp } from '../../src/bootstrap';
import { type AppConfig } from '../../src/infra/config/app-config';
import { PasswordHasher } from '../../src/modules/users/password-hasher';
import { UsersService } from '../../src/modules/users/users.service';
import { createPostgresDatabase, TEST_REDIS_URL } from './test-databases';
import { testConfig, type TestConfigOverrides } from './test-config';

/** full = PostgreSQL + Redis (production shape); embedded = SQLite file + in-process ports. */
export type Backend = 'full' | 'embedded';
export const BACKENDS: Backend[] = ['full', 'embedded'];

export interface TestApp {
  app: NestFastifyApplication;
  config: AppConfig;
  http: () => TestAgent;
  /** Completes the setup wizard with a root account; returns it signed in. */
  setupRoot(username?: string, password?: string): Promise<SignedIn>;
  /** A user created straight through the users service (no registration flow needed). */
  createUser(username: string, password: string, role?: number): Promise<number>;
  signIn(username: string, password: string): Promise<SignedIn>;
  close(): Promise<void>;
}

export interface SignedIn {
  id: number;
  cookie: string;
  /** Headers the console sends on every call. */
  headers: Record<string, string>;
}

export interface TestAppOptions extends TestConfigOverrides {
  /** Join an existing database (a second replica) instead of creating a fresh one. */
  databaseUrl?: string;
  /** Another Redis than the shared one (a private server a test may stop). */
  redisUrl?: string;
}

export async function startTestApp(backend: Backend, options: TestAppOptions = {}): Promise<TestApp> {
  const database = backend === 'full' && !options.databaseUrl ? await createPostgresDatabase() : null;
  const databaseUrl = options.databaseUrl ?? database?.url;
  const redisUrl = options.redisUrl ?? TEST_REDIS_URL;
  const config = testConfig(backend === 'full' ? { databaseUrl, redisUrl } : {}, options);
  const app = await createHttpApp(config, pino({ level: 'silent' }));
  await app.getHttpAdapter().getInstance().ready();
  const http = () => request(app.getHttpServer());

  const signIn = async (username: string, password: string): Promise<SignedIn> => {
    const response = await http().post('/api/user/login').send({ username, password });
    const body = response.body as { success: boolean; message: string; data?: { id: number } };
    if (!body.success || !body.data) throw new Error(`sign-in of ${username} failed: ${body.message}`);
    const cookie = ([] as string[])
      .concat(response.headers['set-cookie'] ?? [])
      .map((c) => c.split(';')[0])
      .join('; ');
    return { id: body.data.id, cookie, headers: { Cookie: cookie, [USER_ID_HEADER]: String(body.data.id) } };
  };

  return {
    app,
    config,
    http,
    signIn,
    async setupRoot(username = 'root', password = 'root-pass-123') {
      const response = await http().post('/api/setup').send({
        username,
        password,
        confirmPassword: password,
        SelfUseModeEnabled: false,
        DemoSiteEnabled: false,
      });
      if (!(response.body as { success: boolean }).success)
        throw new Error(`setup failed: ${JSON.stringify(response.body)}`);
      return signIn(username, password);
    },
    async createUser(username, password, role = Role.Common) {
      const hash = await app.get(PasswordHasher).hash(password);
      return (await app.get(UsersService).create({ username, password: hash, role })).id;
    },
    async close() {
      await app.close();
      await database?.drop();
    },
  };
}
