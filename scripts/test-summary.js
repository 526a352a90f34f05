#!/usr/bin/env node
// Prints the one closing line CI reads, `N passed, N failed`, from jest's JSON result for the whole run.
// No result file means the run stopped before jest (lint or type errors): that is one failure.
// Each further `name=status` argument is one more check run outside jest (CI's soak): passed when its status is 0.
'use strict';
const { existsSync, readFileSync } = require('node:fs');

const [resultPath, exitCode = '0', ...others] = process.argv.slice(2);
let passed = 0;
let failed = 0;
if (resultPath && existsSync(resultPath)) {
  const result = JSON.parse(readFileSync(resultPath, 'utf8'));
  passed = result.numPassedTests;
  // A test file that could not run has no failed test of its own, but the run failed all the same.
  failed = result.numFailedTests + result.numRuntimeErrorTestSuites;
}
if (failed === 0 && exitCode !== '0') failed = 1;
for (const other of others) {
  if (other.endsWith('=0')) passed += 1;
  else failed += 1;
}
process.stdout.write(`${passed} passed, ${failed} failed\n`);
