#!/usr/bin/env node
// The npm mirror these machines use serves only linux-x64 builds of native packages, so a lock file
// written here lacks the other platforms' optional binaries and `npm ci` then refuses it as out of sync
// (on this machine and on a developer's Mac alike). This adds each missing optional platform package
// with the os/cpu/libc its name declares, so npm skips it on other platforms without fetching it.
// Run after every `npm install`: `node tools/complete-lockfile.mjs`.
import { readFileSync, writeFileSync } from 'node:fs';

const file = new URL('../package-lock.json', import.meta.url);
const lock = JSON.parse(readFileSync(file, 'utf8'));
const packages = lock.packages;

const OS = [
  'darwin',
  'linux',
  'win32',
  'freebsd',
  'android',
  'openharmony',
  'sunos',
  'aix',
  'netbsd',
  'openbsd',
];
const CPU = [
  [/(^|-)(x64|amd64|x86_64)(-|$)/, 'x64'],
  [/(^|-)(arm64|aarch64)(-|$)/, 'arm64'],
  [/(^|-)(ia32|x86)(-|$)/, 'ia32'],
  [/(^|-)(arm|armv7|armv6|arm-gnueabihf|arm-musleabihf)(-|$)/, 'arm'],
  [/(^|-)ppc64(le)?(-|$)/, 'ppc64'],
  [/(^|-)s390x(-|$)/, 's390x'],
  [/(^|-)riscv64(-|$)/, 'riscv64'],
  [/(^|-)loong64(-|$)/, 'loong64'],
  [/(^|-)wasm32(-|$)/, 'wasm32'],
];

function platformOf(name) {
  const base = name.split('/').pop();
  const os = OS.find((candidate) => base.split('-').includes(candidate));
  const cpu = CPU.find(([pattern]) => pattern.test(base))?.[1];
  const libc = /(^|-)musl/.test(base) ? 'musl' : /(^|-)gnu/.test(base) ? 'glibc' : undefined;
  if (cpu === 'wasm32') return { cpu: ['wasm32'] };
  return {
    ...(os && { os: [os] }),
    ...(cpu && { cpu: [cpu] }),
    ...(os === 'linux' && libc && { libc: [libc] }),
  };
}

/** Where node would find `name` from the package at `path` (its own node_modules, then each ancestor's). */
function resolves(path, name) {
  for (let dir = path; ; dir = dir.slice(0, Math.max(0, dir.lastIndexOf('/node_modules/')))) {
    if (packages[`${dir ? `${dir}/` : ''}node_modules/${name}`]) return true;
    if (!dir) return false;
  }
}

let added = 0;
for (const [path, entry] of Object.entries(packages)) {
  for (const [name, range] of Object.entries(entry.optionalDependencies ?? {})) {
    if (resolves(path, name) || !/^\d+\.\d+\.\d+(-[\w.]+)?$/.test(range)) continue;
    packages[`node_modules/${name}`] = {
      version: range,
      ...(entry.dev && { dev: true }),
      optional: true,
      ...platformOf(name),
    };
    added += 1;
  }
}

lock.packages = Object.fromEntries(
  Object.entries(packages).sort(([a], [b]) => (a === '' ? -1 : b === '' ? 1 : a.localeCompare(b))),
);
writeFileSync(file, `${JSON.stringify(lock, null, 2)}\n`);
console.log(`complete-lockfile: added ${added} optional platform package(s)`);
