// Browser journeys against a running server: E2E_BASE_URL points at it (the test runner starts a fresh one).
/** @type {import('jest').Config} */
module.exports = {
  rootDir: __dirname,
  testEnvironment: 'node',
  transform: { '^.+\\.ts$': ['@swc/jest', { jsc: { parser: { syntax: 'typescript' }, target: 'es2022' } }] },
  testMatch: ['<rootDir>/src/**/*.journey.ts'],
  testTimeout: 120000,
};
