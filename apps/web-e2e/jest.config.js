// Browser journeys: each file starts the production build on a fresh embedded database (support/server.ts).
/** @type {import('jest').Config} */
module.exports = {
  rootDir: __dirname,
  testEnvironment: 'node',
  transform: { '^.+\\.ts$': ['@swc/jest', { jsc: { parser: { syntax: 'typescript' }, target: 'es2022' } }] },
  moduleNameMapper: { '^@tollgate/test-fakes$': '<rootDir>/../../tools/test-fakes/src/index.ts' },
  testMatch: ['<rootDir>/src/**/*.journey.ts'],
  testTimeout: 120000,
};
