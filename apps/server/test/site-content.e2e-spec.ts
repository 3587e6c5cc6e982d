import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setOptions } from './support/fakes/identity-setup';
import { uniquePrefix } from './support/test-databases';
import { BACKENDS, type SignedIn, startTestApp, type TestApp } from './support/test-app';

// The shape of Vite's index.html: the console's own script and style in <head>, the mount point in <body>.
const INDEX_HTML = [
  '<!doctype html>',
  '<html lang="zh">',
  '  <head>',
  '    <title>Tollgate</title>',
  '    <script type="module" crossorigin src="/assets/index-abc.js"></script>',
  '    <link rel="stylesheet" crossorigin href="/assets/index-abc.css">',
  '  </head>',
  '  <body>',
  '    <div id="root"></div>',
  '  </body>',
  '</html>',
].join('\n');

function builtConsole(): string {
  const dist = mkdtempSync(join(tmpdir(), 'tollgate-web-'));
  mkdirSync(join(dist, 'assets'));
  writeFileSync(join(dist, 'index.html'), INDEX_HTML);
  writeFileSync(join(dist, 'assets', 'index-abc.js'), 'console.log(1)');
  return dist;
}

/** Where in the page each piece sits: the index of its first character, -1 when absent. */
const positionIn = (page: string, text: string): number => page.indexOf(text);

describe.each(BACKENDS)('site content (%s)', (backend) => {
  let t: TestApp;
  let root: SignedIn;
  const page = async (path = '/'): Promise<string> => {
    const response = await t.http().get(path);
    expect(response.status).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/html/);
    return response.text;
  };

  beforeAll(async () => {
    t = await startTestApp(backend, { webDistDir: builtConsole() });
    root = await t.setupRoot();
  });
  afterAll(() => t.close());

  describe('public texts', () => {
    const ROUTES = [
      ['/api/notice', 'Notice'],
      ['/api/home_page_content', 'HomePageContent'],
      ['/api/about', 'About'],
    ] as const;

    it('answer the stored option to anyone, empty while unset', async () => {
      for (const [path] of ROUTES)
        expect((await t.http().get(path)).body).toEqual({ success: true, message: '', data: '' });
      await setOptions(t, root, {
        Notice: '**Maintenance** at 22:00',
        HomePageContent: '# Welcome\n\nUse the console.',
        About: 'https://example.com/about',
      });
      expect((await t.http().get('/api/notice')).body.data).toBe('**Maintenance** at 22:00');
      expect((await t.http().get('/api/home_page_content/')).body.data).toBe('# Welcome\n\nUse the console.');
      expect((await t.http().get('/api/about')).body.data).toBe('https://example.com/about');
    });

    it('are written by the root only', async () => {
      await t.createUser('plainuser', 'plain-pass-1');
      const user = await t.signIn('plainuser', 'plain-pass-1');
      const refused = await t
        .http()
        .put('/api/option/')
        .set(user.headers)
        .send({ key: 'Notice', value: 'x' });
      expect(refused.status).toBe(403);
      expect((await t.http().get('/api/notice')).body.data).toBe('**Maintenance** at 22:00');
    });

    it('put the footer and the usage modes in the status object', async () => {
      await setOptions(t, root, {
        Footer: '<a href="https://example.com">Example Ltd</a>',
        SelfUseModeEnabled: 'true',
        DemoSiteEnabled: 'true',
        AffEnabled: 'false',
      });
      try {
        expect((await t.http().get('/api/status')).body.data).toMatchObject({
          footer_html: '<a href="https://example.com">Example Ltd</a>',
          self_use_mode_enabled: true,
          demo_site_enabled: true,
          aff_enabled: false,
        });
      } finally {
        await setOptions(t, root, {
          SelfUseModeEnabled: 'false',
          DemoSiteEnabled: 'false',
          AffEnabled: 'true',
        });
      }
    });
  });

  describe('the served console page', () => {
    afterEach(() => setOptions(t, root, { custom_head_html: '', global_css: '', global_js: '' }));

    it('is the built page untouched while nothing is set', async () => {
      for (const path of ['/', '/index.html', '/login', '/admin/settings?tab=other'])
        expect(await page(path)).toBe(INDEX_HTML);
    });

    it('carries the head HTML and CSS in <head> and the JavaScript at the end of <body>, on every route', async () => {
      await setOptions(t, root, {
        custom_head_html: '<meta name="site-verification" content="abc123">',
        global_css: 'body { background: #fafafa; }',
        global_js: 'window.siteAnalytics = "on";',
      });
      for (const path of ['/', '/index.html', '/login', '/app/tokens', '/no/such/page?x=1']) {
        const html = await page(path);
        const headEnd = positionIn(html, '</head>');
        const consoleStyle = positionIn(html, 'index-abc.css');
        const meta = positionIn(html, '<meta name="site-verification" content="abc123">');
        const style = positionIn(html, '<style>body { background: #fafafa; }</style>');
        const script = positionIn(html, '<script>window.siteAnalytics = "on";</script>');
        // After the console's own stylesheet (so the root's rules win), before the head ends.
        expect(consoleStyle).toBeLessThan(meta);
        expect(meta).toBeLessThan(style);
        expect(style).toBeLessThan(headEnd);
        expect(script).toBeGreaterThan(positionIn(html, '<div id="root">'));
        expect(script).toBeLessThan(positionIn(html, '</body>'));
      }
    });

    it('shows a change on the next request, and a cleared option leaves the page', async () => {
      await setOptions(t, root, { global_css: 'h1 { color: red; }' });
      expect(await page('/')).toContain('<style>h1 { color: red; }</style>');
      await setOptions(t, root, { global_css: 'h1 { color: blue; }' });
      const changed = await page('/login');
      expect(changed).toContain('<style>h1 { color: blue; }</style>');
      expect(changed).not.toContain('color: red');
      await setOptions(t, root, { global_css: '' });
      expect(await page('/')).toBe(INDEX_HTML);
    });

    it('keeps each piece inside its own element', async () => {
      // A closing tag in the text would otherwise end the element and spill the rest into the page.
      await setOptions(t, root, {
        global_css: 'a::after { content: "</style><b>x</b>"; }',
        global_js: 'var s = "</SCRIPT><b>y</b>"; var cost = "$&$1";',
      });
      const html = await page('/');
      expect(html).toContain('<style>a::after { content: "<\\/style><b>x</b>"; }</style>');
      expect(html).toContain('<script>var s = "<\\/SCRIPT><b>y</b>"; var cost = "$&$1";</script>');
      expect(html.match(/<\/style>/g)).toHaveLength(1);
      expect(html.match(/<\/script>/gi)).toHaveLength(2);
    });

    it('puts nothing from the request into the page', async () => {
      await setOptions(t, root, { global_js: 'window.ok = 1;' });
      const plain = await page('/');
      const hostile = '/%3Cscript%3Ealert(1)%3C/script%3E?q=%3Cimg%20src=x%20onerror=alert(2)%3E';
      const response = await t
        .http()
        .get(hostile)
        .set('Accept-Language', '<script>alert(3)</script>')
        .set('Referer', 'https://evil.test/<script>');
      expect(response.text).toBe(plain);
    });

    it('is not served for API paths', async () => {
      await setOptions(t, root, { custom_head_html: '<meta name="marker" content="m">' });
      const response = await t.http().get('/api/nothing-here');
      expect(response.status).toBe(404);
      expect(response.text).not.toContain('marker');
    });
  });
});

describe('the console page on two replicas', () => {
  let first: TestApp;
  let second: TestApp;

  beforeAll(async () => {
    const redisPrefix = uniquePrefix();
    first = await startTestApp('full', { redisPrefix, webDistDir: builtConsole() });
    second = await startTestApp('full', {
      databaseUrl: first.config.databaseUrl,
      redisPrefix,
      webDistDir: builtConsole(),
    });
  });
  afterAll(async () => {
    await second?.close();
    await first?.close();
  });

  it('changes on the other replica too once the option is saved', async () => {
    const root = await first.setupRoot();
    expect((await second.http().get('/')).text).toBe(INDEX_HTML);
    await setOptions(first, root, { global_js: 'window.fromReplicaOne = true;' });
    // The change travels by Redis pub/sub; a busy host may take a moment, so poll with a generous limit.
    const deadline = Date.now() + 10_000;
    let html = '';
    while (Date.now() < deadline) {
      html = (await second.http().get('/app/tokens')).text;
      if (html.includes('fromReplicaOne')) break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(html).toContain('<script>window.fromReplicaOne = true;</script>');
  });
});
