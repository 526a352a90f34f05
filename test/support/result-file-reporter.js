'use strict';
// Writes the whole run's counts to $JEST_RESULT_FILE, for .ci/run's closing line (scripts/test-summary.js).
const { writeFileSync } = require('node:fs');

class ResultFileReporter {
  onRunComplete(_contexts, results) {
    const path = process.env.JEST_RESULT_FILE;
    if (!path) return;
    const { numPassedTests, numFailedTests, numRuntimeErrorTestSuites, numTotalTests } = results;
    writeFileSync(path, JSON.stringify({ numPassedTests, numFailedTests, numRuntimeErrorTestSuites, numTotalTests }));
  }
}

module.exports = ResultFileReporter;
