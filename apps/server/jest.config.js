// Unit specs (src/**/*.spec.ts) and HTTP tests on the booted app (test/**/*.e2e-spec.ts).
const swc = [
  '@swc/jest',
  {
    jsc: {
      parser: { syntax: 'typescript', decorators: true },
      transform: { legacyDecorator: true, decoratorMetadata: true },
      target: 'es2022',
    },
    module: { type: 'commonjs' },
  },
];

const { readdirSync, readFileSync } = require('node:fs');
const { join } = require('node:path');

// NestJS 12 and some of its dependencies ship ESM only; Node 20 can require() them but jest's module
// runtime cannot, so jest compiles every ESM-only package to CommonJS like our own sources.
function esmOnlyPackages(nodeModules) {
  const names = readdirSync(nodeModules).flatMap((name) =>
    name.startsWith('@') ? readdirSync(join(nodeModules, name)).map((sub) => `${name}/${sub}`) : [name],
  );
  return names.filter((name) => {
    try {
      return JSON.parse(readFileSync(join(nodeModules, name, 'package.json'), 'utf8')).type === 'module';
    } catch {
      return false;
    }
  });
}
// CommonJS packages that import() an ESM-only dependency at run time.
const dynamicImporters = ['@fastify/cookie'];
const esmPackages = [...esmOnlyPackages(join(__dirname, '../../node_modules')), ...dynamicImporters].map(
  (name) => name.replace(/[.+]/g, '\\$&'),
);
const swcJs = [
  '@swc/jest',
  { jsc: { parser: { syntax: 'ecmascript' }, target: 'es2022' }, module: { type: 'commonjs' } },
];

/** @type {import('jest').Config} */
module.exports = {
  rootDir: __dirname,
  testEnvironment: 'node',
  // Decorator metadata needs the polyfill before any decorated class loads, as in main.ts.
  setupFiles: ['reflect-metadata'],
  transform: { '^.+\\.ts$': swc, '^.+\\.m?js$': swcJs },
  transformIgnorePatterns: [`/node_modules/(?!(${esmPackages.join('|')})/)`],
  moduleNameMapper: {
    '^@tollgate/contracts$': '<rootDir>/../../libs/contracts/src/index.ts',
    '^@tollgate/mock-upstream$': '<rootDir>/../../tools/mock-upstream/src/index.ts',
    '^@tollgate/test-fakes$': '<rootDir>/../../tools/test-fakes/src/index.ts',
  },
  testMatch: ['<rootDir>/src/**/*.spec.ts', '<rootDir>/test/**/*.e2e-spec.ts'],
  testTimeout: 30000,
};
