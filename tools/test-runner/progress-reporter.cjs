// A jest reporter for tools/run-tests.mjs: one JSON line per test file started and finished, appended to
// $TEST_PROGRESS_FILE as it happens, so the runner can tell which file hangs and count the files that finished
// when jest never gets to write its report.
'use strict';
const { appendFileSync } = require('node:fs');

/** Live handles of this process by type; tests run in it only in band, where a leftover keeps jest alive. */
function handleCounts() {
  const counts = new Map();
  for (const type of process.getActiveResourcesInfo()) counts.set(type, (counts.get(type) ?? 0) + 1);
  return counts;
}

class ProgressReporter {
  #file = process.env.TEST_PROGRESS_FILE;
  #handlesAtStart = new Map();

  #write(event) {
    if (this.#file) appendFileSync(this.#file, `${JSON.stringify({ ...event, at: Date.now() })}\n`);
  }

  onRunStart(results) {
    this.#write({ event: 'run', files: results.numTotalTestSuites });
  }

  onTestFileStart(test) {
    this.#handlesAtStart.set(test.path, handleCounts());
    this.#write({ event: 'start', file: test.path });
  }

  onTestFileResult(test, result) {
    const before = this.#handlesAtStart.get(test.path) ?? new Map();
    // Handles that appeared while the file ran and outlived it (only meaningful in band).
    const leftOpen = [...handleCounts()]
      .filter(([type, count]) => count > (before.get(type) ?? 0))
      .map(([type, count]) => `${type} ×${count - (before.get(type) ?? 0)}`);
    this.#write({
      event: 'result',
      file: test.path,
      passed: result.numPassingTests,
      failed: result.numFailingTests,
      // A file that could not run (an import failed) has no failed test but must count as a failure.
      crashed: Boolean(result.testExecError),
      leftOpen,
    });
  }
}

module.exports = ProgressReporter;
