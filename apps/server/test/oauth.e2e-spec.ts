import { USER_ID_HEADER } from '@tollgate/contracts';
import { DataSource } from 'typeorm';
import { UserEntity } from '../src/modules/users/user.entity';
import { setOptions } from './support/fakes/identity-setup';
import { type OAuth2Fake, startOAuth2Fake } from './support/fakes/oauth2-fake';
import { BACKENDS, type SignedIn, startTestApp, type TestApp } from './support/test-app';

const SERVER = 'https://gateway.example.com';
const octocat = { id: 583231, login: 'octocat', name: 'The Octocat', email: 'octocat@github.test' };

/** The pair to send back from a Set-Cookie header list. */
const cookieNamed = (setCookie: string[] | string | undefined, name: string): string =>
  ([] as string[])
    .concat(setCookie ?? [])
    .map((c) => c.split(';')[0])
    .find((pair) => pair.startsWith(`${name}=`)) ?? '';

describe.each(BACKENDS)('OAuth2 logins: GitHub and Linux DO (%s)', (backend) => {
  let t: TestApp;
  let root: SignedIn;
  let github: OAuth2Fake;
  let linuxdo: OAuth2Fake;

  beforeAll(async () => {
    github = await startOAuth2Fake('github', { id: 'gh-client', secret: 'gh-secret' });
    linuxdo = await startOAuth2Fake('linuxdo', { id: 'ld-client', secret: 'ld-secret' });
    t = await startTestApp(backend, { endpoints: { ...github.endpoints, ...linuxdo.endpoints } });
    root = await t.setupRoot();
    await setOptions(t, root, {
      ServerAddress: SERVER,
      GitHubClientId: 'gh-client',
      GitHubClientSecret: 'gh-secret',
      GitHubOAuthEnabled: 'true',
      LinuxDOClientId: 'ld-client',
      LinuxDOClientSecret: 'ld-secret',
      LinuxDOOAuthEnabled: 'true',
    });
  });
  afterAll(async () => {
    await t.close();
    await github.close();
    await linuxdo.close();
  });

  interface Started {
    url: string;
    state: string;
    cookie: string;
  }

  /** GET /api/oauth/authorize/{provider}, as the console does before sending the browser away. */
  const start = async (provider: string, who?: SignedIn, aff = ''): Promise<Started> => {
    const response = await t
      .http()
      .get(`/api/oauth/authorize/${provider}`)
      .query({ aff })
      .set(who?.headers ?? {});
    expect(response.body.success).toBe(true);
    const data = response.body.data as { url: string; state: string };
    return { ...data, cookie: cookieNamed(response.headers['set-cookie'], 'oauth_state') };
  };
  /** The console's /oauth/{provider} page calling the API with what the provider sent back. */
  const finish = (provider: string, query: Record<string, string>, cookie: string, who?: SignedIn) =>
    t
      .http()
      .get(`/api/oauth/${provider}`)
      .query(query)
      .set('Accept-Language', 'en')
      .set('Cookie', [who?.cookie, cookie].filter(Boolean).join('; '))
      .set(who ? { [USER_ID_HEADER]: String(who.id) } : {});
  const viaGitHub = async (profile: Record<string, unknown>, who?: SignedIn, aff = '') => {
    const started = await start('github', who, aff);
    const back = await github.approve(started.url, profile);
    return finish('github', Object.fromEntries(back.searchParams), started.cookie, who);
  };
  const users = () => t.app.get(DataSource).getRepository(UserEntity);
  const userCount = () => users().count();
  const self = async (cookie: string, id: number) =>
    (
      await t
        .http()
        .get('/api/user/self')
        .set({ Cookie: cookie, [USER_ID_HEADER]: String(id) })
    ).body as {
      success: boolean;
      data: Record<string, unknown>;
    };

  it('builds the GitHub address with client id, our callback page and a fresh state', async () => {
    const { url, state, cookie } = await start('github');
    const address = new URL(url);
    expect(address.origin + address.pathname).toBe(github.endpoints.githubAuthorizeUrl);
    expect(Object.fromEntries(address.searchParams)).toEqual({
      client_id: 'gh-client',
      redirect_uri: `${SERVER}/oauth/github`,
      state,
      scope: 'user:email',
    });
    expect(state).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(cookie).toMatch(/^oauth_state=/);
  });

  it('signs up on the first GitHub login and signs the same account in afterwards', async () => {
    const before = await userCount();
    const first = await viaGitHub(octocat);
    expect(first.body.success).toBe(true);
    expect(first.body.data).toMatchObject({
      username: 'github_octoc',
      display_name: 'The Octocat',
      github_id: '583231',
      email: 'octocat@github.test',
      role: 1,
    });
    expect(github.tokenRequests.at(-1)).toMatchObject({
      clientId: 'gh-client',
      clientSecret: 'gh-secret',
      redirectUri: `${SERVER}/oauth/github`,
    });
    const session = cookieNamed(first.headers['set-cookie'], 'session');
    const id = (first.body.data as { id: number }).id;
    expect((await self(session, id)).data.username).toBe('github_octoc');

    const second = await viaGitHub({ ...octocat, login: 'renamed-octocat' });
    expect((second.body.data as { id: number }).id).toBe(id);
    expect(await userCount()).toBe(before + 1);
  });

  it('carries the invite code of /api/oauth/state into the sign-up (console-built address)', async () => {
    await setOptions(t, root, { QuotaForInviter: '7', QuotaForInvitee: '5' });
    const affCode = (await t.http().get('/api/user/aff').set(root.headers)).body.data as string;
    const stateAnswer = await t.http().get('/api/oauth/state').query({ aff: affCode });
    const state = stateAnswer.body.data as string;
    const address = new URL(github.endpoints.githubAuthorizeUrl ?? '');
    address.search = new URLSearchParams({
      client_id: 'gh-client',
      redirect_uri: `${SERVER}/oauth/github`,
      state,
    }).toString();
    const back = await github.approve(address.toString(), { id: 99, login: 'invitedcat' });
    const answer = await finish(
      'github',
      Object.fromEntries(back.searchParams),
      cookieNamed(stateAnswer.headers['set-cookie'], 'oauth_state'),
    );
    expect(answer.body.data).toMatchObject({ username: 'github_invit', quota: 5, inviter_id: root.id });
    expect((await t.http().get('/api/user/self').set(root.headers)).body.data).toMatchObject({
      aff_count: 1,
      aff_quota: 7,
    });
    await setOptions(t, root, { QuotaForInviter: '0', QuotaForInvitee: '0' });
  });

  it('binds GitHub to the signed-in user, and refuses an identity bound to someone else', async () => {
    await t.createUser('binder', 'binder-pass-1');
    const binder = await t.signIn('binder', 'binder-pass-1');
    const before = await userCount();
    const bound = await viaGitHub({ id: 777, login: 'bindcat' }, binder);
    expect(bound.body).toEqual({ success: true, message: '', data: { bound: 'github' } });
    expect(bound.headers['set-cookie']?.toString() ?? '').not.toMatch(/session=/);
    expect((await self(binder.cookie, binder.id)).data.github_id).toBe('777');

    const taken = await viaGitHub(octocat, binder);
    expect(taken.body).toEqual({
      success: false,
      message: 'This GitHub account is already bound to another user',
    });
    expect((await self(binder.cookie, binder.id)).data.github_id).toBe('777');
    expect(await userCount()).toBe(before);
  });

  it('refuses missing, forged, replayed and foreign states, creating nobody', async () => {
    const before = await userCount();
    const started = await start('github');
    const back = await github.approve(started.url, { id: 4242, login: 'statecat' });
    const query = Object.fromEntries(back.searchParams);
    const forbidden = {
      success: false,
      message: 'The login state is missing, expired or does not match; please start again',
    };

    expect((await finish('github', { ...query, state: '' }, started.cookie)).body).toEqual(forbidden);
    // The state cookie ties the state to the browser that asked for it.
    const noCookie = await finish('github', query, '');
    expect(noCookie.status).toBe(403);
    const other = await start('github');
    expect((await finish('github', query, other.cookie)).status).toBe(403);
    expect((await finish('github', { state: query.state }, started.cookie)).body.message).toBe(
      'The authorization code is missing',
    );
    expect((await finish('github', query, started.cookie)).body.success).toBe(true);
    expect((await finish('github', query, started.cookie)).status).toBe(403); // used once
    expect(await userCount()).toBe(before + 1);

    // A bind started by a signed-in user cannot be finished without that session.
    await t.createUser('starter', 'starter-pass-1');
    const starter = await t.signIn('starter', 'starter-pass-1');
    const bindStart = await start('github', starter);
    const bindBack = await github.approve(bindStart.url, { id: 5151, login: 'hijack' });
    expect((await finish('github', Object.fromEntries(bindBack.searchParams), bindStart.cookie)).status).toBe(
      403,
    );
    expect((await self(starter.cookie, starter.id)).data.github_id).toBe('');
    expect(await userCount()).toBe(before + 2);
  });

  it('summarises provider failures without echoing secrets', async () => {
    const started = await start('github');
    const failed = await finish('github', { code: 'not-a-real-code', state: started.state }, started.cookie);
    expect(failed.body).toEqual({
      success: false,
      message: 'Signing in with GitHub failed, please try again',
    });
    await setOptions(t, root, { GitHubClientSecret: 'rotated-secret' });
    const again = await start('github');
    const back = await github.approve(again.url, { id: 31337, login: 'secretcat' });
    const refused = await finish('github', Object.fromEntries(back.searchParams), again.cookie, undefined);
    expect(refused.body.message).toBe('Signing in with GitHub failed, please try again');
    expect(JSON.stringify(refused.body)).not.toContain('rotated-secret');
    expect(await users().countBy({ githubId: '31337' })).toBe(0);
    await setOptions(t, root, { GitHubClientSecret: 'gh-secret' });
  });

  it('obeys RegisterEnabled for new identities, a ban, and the provider switch', async () => {
    await setOptions(t, root, { RegisterEnabled: 'false' });
    expect((await viaGitHub({ id: 1001, login: 'latecomer' })).body).toEqual({
      success: false,
      message: 'The administrator has turned off new user registration',
    });
    expect((await viaGitHub(octocat)).body.success).toBe(true); // already has an account
    await setOptions(t, root, { RegisterEnabled: 'true' });

    await users().update({ githubId: '583231' }, { status: 2 });
    const banned = await viaGitHub(octocat);
    expect(banned.status).toBe(403);
    expect(banned.body.success).toBe(false);
    await users().update({ githubId: '583231' }, { status: 1 });

    await setOptions(t, root, { GitHubOAuthEnabled: 'false' });
    const off = {
      success: false,
      message: 'The administrator has not enabled login and registration with GitHub',
    };
    expect((await t.http().get('/api/oauth/authorize/github').set('Accept-Language', 'en')).body).toEqual(
      off,
    );
    expect((await finish('github', { code: 'x', state: 'y' }, '')).body).toEqual(off);
    await setOptions(t, root, { GitHubOAuthEnabled: 'true' });
    expect((await t.http().get('/api/oauth/authorize/gitlab')).body.success).toBe(false);
  });

  it('signs in with Linux DO (HTTP Basic client authentication) and refuses silenced accounts', async () => {
    const viaLinuxDo = async (profile: Record<string, unknown>) => {
      const started = await start('linuxdo');
      expect(new URL(started.url).searchParams.get('response_type')).toBe('code');
      const back = await linuxdo.approve(started.url, profile);
      return finish('linuxdo', Object.fromEntries(back.searchParams), started.cookie);
    };
    const answer = await viaLinuxDo({
      id: 8080,
      username: 'penguin',
      name: 'Tux',
      active: true,
      silenced: false,
      trust_level: 2,
    });
    expect(answer.body.data).toMatchObject({
      username: 'linuxdo_peng',
      linux_do_id: '8080',
      display_name: 'Tux',
    });
    expect(linuxdo.tokenRequests.at(-1)).toMatchObject({
      clientId: 'ld-client',
      clientSecret: 'ld-secret',
      redirectUri: `${SERVER}/oauth/linuxdo`,
    });
    expect((await viaLinuxDo({ id: 8081, username: 'quiet', active: true, silenced: true })).body).toEqual({
      success: false,
      message: 'This Linux DO account is not active or has been silenced',
    });
    expect(await users().countBy({ linuxDoId: '8081' })).toBe(0);
  });
});
