/** @type {import('jest').Config} */
module.exports = {
  testEnvironment: 'node',
  roots: ['<rootDir>/test'],
  testMatch: ['**/*.test.ts'],
  transform: { '^.+\\.ts$': ['@swc/jest'] },
  // Brings the local services up (idempotent) and bundles the workflows once per run.
  globalSetup: '<rootDir>/test/global-setup.ts',
  globalTeardown: '<rootDir>/test/global-teardown.ts',
  testTimeout: 60_000,
  reporters: ['default', '<rootDir>/test/support/result-file-reporter.js'],
  // Two cores on these machines: more workers only contend.
  maxWorkers: 2,
};
