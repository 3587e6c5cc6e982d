import { USER_ID_HEADER } from '@tollgate/contracts';
import { type OidcFake, startOidcFake } from '@tollgate/test-fakes';
import { DataSource } from 'typeorm';
import { UserEntity } from '../src/modules/users/user.entity';
import { setOptions } from './support/fakes/identity-setup';
import { BACKENDS, type SignedIn, startTestApp, type TestApp } from './support/test-app';

const SERVER = 'https://gateway.example.com';
const CLIENT = { id: 'tollgate', secret: 'oidc-client-secret', redirectUri: `${SERVER}/oauth/oidc` };

const cookieNamed = (setCookie: string[] | string | undefined, name: string): string =>
  ([] as string[])
    .concat(setCookie ?? [])
    .map((c) => c.split(';')[0])
    .find((pair) => pair.startsWith(`${name}=`)) ?? '';

describe.each(BACKENDS)('OIDC login against a real OpenID Provider (%s)', (backend) => {
  let t: TestApp;
  let root: SignedIn;
  let idp: OidcFake;

  beforeAll(async () => {
    idp = await startOidcFake(CLIENT, {
      'alice-sub': {
        preferred_username: 'alice',
        name: 'Alice Liddell',
        email: 'alice@idp.test',
        email_verified: true,
      },
      'bob-sub': { preferred_username: 'bob', name: 'Bob', email: 'bob@idp.test', email_verified: false },
      'carol-sub': { preferred_username: 'carol', name: 'Carol' },
      'dave-sub': { name: 'Dave' },
    });
    t = await startTestApp(backend);
    root = await t.setupRoot();
    const metadata = await idp.metadata();
    await setOptions(t, root, {
      ServerAddress: SERVER,
      'oidc.client_id': CLIENT.id,
      'oidc.client_secret': CLIENT.secret,
      'oidc.well_known': idp.wellKnown,
      'oidc.authorization_endpoint': metadata.authorization_endpoint,
      'oidc.token_endpoint': metadata.token_endpoint,
      'oidc.user_info_endpoint': metadata.userinfo_endpoint,
      'oidc.enabled': 'true',
    });
  });
  afterAll(async () => {
    // The provider is stopped even when the app never started or fails to close.
    try {
      await t?.close();
    } finally {
      await idp?.close();
    }
  });

  const users = () => t.app.get(DataSource).getRepository(UserEntity);
  const finish = (query: Record<string, string>, cookie: string, who?: SignedIn) =>
    t
      .http()
      .get('/api/oauth/oidc')
      .query(query)
      .set('Accept-Language', 'en')
      .set('Cookie', [who?.cookie, cookie].filter(Boolean).join('; '))
      .set(who ? { [USER_ID_HEADER]: String(who.id) } : {});
  /** Server-built address (PKCE), the person signs in at the provider, the console forwards the result. */
  const signIn = async (sub: string, who?: SignedIn) => {
    const started = await t
      .http()
      .get('/api/oauth/authorize/oidc')
      .set(who?.headers ?? {});
    const { url } = started.body.data as { url: string };
    const back = await idp.signIn(url, sub);
    return finish(
      Object.fromEntries(back.searchParams),
      cookieNamed(started.headers['set-cookie'], 'oauth_state'),
      who,
    );
  };

  it('uses discovery, PKCE and the ID token to sign a new user up', async () => {
    const started = await t.http().get('/api/oauth/authorize/oidc');
    const address = new URL((started.body.data as { url: string }).url);
    expect(address.origin).toBe(idp.issuer);
    expect(address.searchParams.get('code_challenge_method')).toBe('S256');
    expect(address.searchParams.get('code_challenge')).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(address.searchParams.get('scope')).toBe('openid profile email');
    expect(address.searchParams.get('redirect_uri')).toBe(CLIENT.redirectUri);

    const back = await idp.signIn(address.toString(), 'alice-sub');
    expect(back.origin + back.pathname).toBe(CLIENT.redirectUri);
    expect(back.searchParams.get('iss')).toBe(idp.issuer);
    const answer = await finish(
      Object.fromEntries(back.searchParams),
      cookieNamed(started.headers['set-cookie'], 'oauth_state'),
    );
    expect(answer.body.data).toMatchObject({
      username: 'oidc_alice',
      display_name: 'Alice Liddell',
      oidc_id: 'alice-sub',
      email: 'alice@idp.test',
    });
    expect(cookieNamed(answer.headers['set-cookie'], 'session')).toMatch(/^session=/);
    // The same person again is the same account.
    expect(((await signIn('alice-sub')).body.data as { id: number }).id).toBe(
      (answer.body.data as { id: number }).id,
    );
  });

  it('keeps only addresses the provider verified, and names users without a preferred name by subject', async () => {
    expect((await signIn('bob-sub')).body.data).toMatchObject({ username: 'oidc_bob', email: '' });
    expect((await signIn('dave-sub')).body.data).toMatchObject({
      username: 'oidc_dave-su',
      display_name: 'Dave',
    });
  });

  it('works with the state endpoint and a console-built address (no PKCE, no iss forwarded)', async () => {
    const stateAnswer = await t.http().get('/api/oauth/state');
    const address = new URL(`${idp.issuer}/auth`);
    address.search = new URLSearchParams({
      client_id: CLIENT.id,
      redirect_uri: CLIENT.redirectUri,
      response_type: 'code',
      scope: 'openid profile email',
      state: stateAnswer.body.data as string,
    }).toString();
    const back = await idp.signIn(address.toString(), 'carol-sub');
    const answer = await finish(
      { code: back.searchParams.get('code') ?? '', state: back.searchParams.get('state') ?? '' },
      cookieNamed(stateAnswer.headers['set-cookie'], 'oauth_state'),
    );
    expect(answer.body.data).toMatchObject({ username: 'oidc_carol', oidc_id: 'carol-sub' });
  });

  it('binds the identity to a signed-in user', async () => {
    await t.createUser('local', 'local-pass-1');
    const local = await t.signIn('local', 'local-pass-1');
    await users().delete({ oidcId: 'bob-sub' });
    expect((await signIn('bob-sub', local)).body).toEqual({
      success: true,
      message: '',
      data: { bound: 'oidc' },
    });
    expect(await users().findOneByOrFail({ id: local.id })).toMatchObject({ oidcId: 'bob-sub' });
  });

  it('refuses a replayed code or a code without its PKCE verifier, creating nobody', async () => {
    const before = await users().count();
    await t.app.get(DataSource).getRepository(UserEntity).delete({ oidcId: 'carol-sub' });
    const started = await t.http().get('/api/oauth/authorize/oidc');
    const back = await idp.signIn((started.body.data as { url: string }).url, 'carol-sub');
    const stolen = Object.fromEntries(back.searchParams);
    // Same code under a state that carries no verifier: the provider refuses the exchange.
    const other = await t.http().get('/api/oauth/state');
    const refused = await finish(
      { ...stolen, state: other.body.data as string },
      cookieNamed(other.headers['set-cookie'], 'oauth_state'),
    );
    expect(refused.body).toEqual({
      success: false,
      message: 'Signing in with OIDC failed, please try again',
    });
    expect(await users().count()).toBe(before - 1);
  });

  it('falls back to the configured endpoints when no well-known address is set', async () => {
    await setOptions(t, root, { 'oidc.well_known': '' });
    await users().delete({ oidcId: 'carol-sub' });
    const answer = await signIn('carol-sub');
    expect(answer.body.data).toMatchObject({ oidc_id: 'carol-sub', username: 'oidc_carol' });
    await setOptions(t, root, { 'oidc.well_known': idp.wellKnown });
  });
});
