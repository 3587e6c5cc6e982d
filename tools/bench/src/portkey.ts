// Portkey's open-source gateway as a comparison target. Installed at bench time from the npm registry into a
// folder of its own outside the workspace (kept between runs while the pinned versions are there), started as
// a process, and sent the same chat request as the others, to the same mock, through its OpenAI provider.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { type Cleanup } from './cleanup';
import { type BenchChild, freePort, startNode } from './processes';
import { bearer, UPSTREAM_KEY } from './targets';

export const PORTKEY_VERSION = '1.15.2';
const PORTKEY_PACKAGE = '@portkey-ai/gateway';
// Portkey asks for ^1.3.3 of its Node adapter; with 1.19 (what that range gave in 2026) every stream fails
// ("TypeError: immutable" as it appends headers to a fetch response), so the folder's package.json pins it.
const NODE_SERVER_PACKAGE = '@hono/node-server';
const NODE_SERVER_VERSION = '1.13.8';
const INSTALL_TIMEOUT_MS = 300_000;
const START_TIMEOUT_MS = 60_000;
const READY = /Ready for connections/;
const KEPT_NPM_LINES = 4;

export type PortkeyInstall = { entry: string } | { skipped: string };

function installedVersion(folder: string, name: string): string | null {
  const file = join(folder, 'node_modules', name, 'package.json');
  if (!existsSync(file)) return null;
  return (JSON.parse(readFileSync(file, 'utf8')) as { version: string }).version;
}

function isInstalled(folder: string): boolean {
  const gateway = join(folder, 'node_modules', PORTKEY_PACKAGE);
  return (
    installedVersion(folder, PORTKEY_PACKAGE) === PORTKEY_VERSION &&
    installedVersion(folder, NODE_SERVER_PACKAGE) === NODE_SERVER_VERSION &&
    // A copy nested under Portkey would be the one it loads.
    installedVersion(gateway, NODE_SERVER_PACKAGE) === null
  );
}

// Under `npm run bench` npm exports the workspace's own settings (npm_config_local_prefix=<repo> …); left in
// place they could point the install at the workspace. Registry, certificate and cache settings are kept.
function npmEnvironment(): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const [name, value] of Object.entries(process.env)) {
    const lower = name.toLowerCase();
    const npmOwn = lower.startsWith('npm_') && !lower.startsWith('npm_config_');
    if (!npmOwn && !/^npm_config_.*(prefix|workspace)/.test(lower)) env[name] = value;
  }
  return env;
}

// npm's first error lines say what failed (code, request, reason); the stack and object dump after them do not.
function npmFailure(stderr: string): string {
  const lines = stderr.split('\n').map((line) => line.trim());
  const said = lines.filter((line) => line.startsWith('npm error') && !/^npm error\s+at /.test(line));
  return (said.length > 0 ? said : lines.filter((line) => line !== '').slice(-KEPT_NPM_LINES))
    .slice(0, KEPT_NPM_LINES)
    .join(' | ');
}

/** Installs Portkey (unless already there) into `folder`; answers why not when it cannot. */
export function installPortkey(folder: string): PortkeyInstall {
  const entry = join(folder, 'node_modules', PORTKEY_PACKAGE, 'build/start-server.js');
  if (isInstalled(folder)) {
    console.log(`  Portkey ${PORTKEY_VERSION} already installed in ${folder}`);
    return { entry };
  }
  console.log(`▶ installing ${PORTKEY_PACKAGE}@${PORTKEY_VERSION} into ${folder} (npm registry)`);
  const manifest = {
    name: 'tollgate-bench-portkey',
    private: true,
    dependencies: { [PORTKEY_PACKAGE]: PORTKEY_VERSION },
    overrides: { [NODE_SERVER_PACKAGE]: NODE_SERVER_VERSION },
  };
  try {
    mkdirSync(folder, { recursive: true });
    writeFileSync(join(folder, 'package.json'), `${JSON.stringify(manifest, null, 2)}\n`);
  } catch (error) {
    return { skipped: `cannot write ${folder}: ${error instanceof Error ? error.message : String(error)}` };
  }
  // Its only install script is patch-package, with no patches in the published package.
  const args = [
    'install',
    '--prefix',
    folder,
    '--ignore-scripts',
    '--no-audit',
    '--no-fund',
    '--workspaces=false',
  ];
  const npm = spawnSync('npm', args, {
    cwd: folder,
    env: npmEnvironment(),
    encoding: 'utf8',
    timeout: INSTALL_TIMEOUT_MS,
  });
  if (npm.error) return { skipped: `npm install could not run: ${npm.error.message}` };
  if (npm.status !== 0)
    return { skipped: `npm install exited with ${npm.status ?? npm.signal}: ${npmFailure(npm.stderr)}` };
  if (!isInstalled(folder))
    return { skipped: `npm install finished, but ${folder} does not hold the pinned versions` };
  return { entry };
}

/** The headers that make Portkey relay to the mock: its OpenAI provider with the mock as custom host. */
export function portkeyHeaders(upstreamOrigin: string): Record<string, string> {
  return {
    ...bearer(UPSTREAM_KEY),
    'x-portkey-provider': 'openai',
    'x-portkey-custom-host': `${upstreamOrigin}/v1`,
  };
}

/** Starts Portkey on a free port (`--port=`, its only way to take one; `--headless`: no console UI). */
export async function startPortkey(
  entry: string,
  cleanup: Cleanup,
): Promise<{ child: BenchChild; origin: string }> {
  const port = await freePort();
  const child = startNode(
    'Portkey',
    entry,
    // 127.0.0.1 is among its default trusted custom hosts; named so an inherited value cannot drop it.
    { NODE_ENV: 'production', TRUSTED_CUSTOM_HOSTS: '127.0.0.1' },
    {
      scriptArgs: [`--port=${port}`, '--headless'],
      // Portkey reads these itself: an upstream proxy, or a Redis cache, would not be the same path.
      unset: ['HTTP_PROXY', 'HTTPS_PROXY', 'REDIS_CONNECTION_STRING'],
    },
  );
  cleanup.add('stop Portkey', () => child.stop());
  try {
    await child.waitForLine(READY, START_TIMEOUT_MS);
  } catch (error) {
    await child.stop();
    throw error;
  }
  return { child, origin: `http://127.0.0.1:${port}` };
}
