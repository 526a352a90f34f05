import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { findPython, pipInstall } from './commands';
import { TOOLS_DIR } from './paths';

/** Schemathesis from PyPI, for property-based tests of the published OpenAPI document. */
const SCHEMATHESIS_VERSION = '4.32.5';
const installDir = join(TOOLS_DIR, `schemathesis-${SCHEMATHESIS_VERSION}`);

export interface PythonTool {
  command: string;
  args: string[];
  env: NodeJS.ProcessEnv;
}

/** Installs Schemathesis into .tools once (pip --target, like the Temporal CLI) and says how to run it. */
export function ensureSchemathesis(): PythonTool {
  const python = findPython('Schemathesis (PyPI)');
  if (!existsSync(join(installDir, 'schemathesis'))) {
    console.log(`[tools] installing Schemathesis ${SCHEMATHESIS_VERSION} from PyPI …`);
    pipInstall(python, `schemathesis==${SCHEMATHESIS_VERSION}`, installDir);
  }
  return { command: python, args: ['-m', 'schemathesis.cli'], env: { PYTHONPATH: installDir, PYTHONDONTWRITEBYTECODE: '1' } };
}
