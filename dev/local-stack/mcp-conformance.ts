import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { run, which } from './commands';
import { TOOLS_DIR } from './paths';

/**
 * The official MCP conformance suite, from the npm registry into .tools/, run on the project's Node (it needs
 * Node ≥ 22). Pinned, so a run means the same thing tomorrow.
 */
const CONFORMANCE_VERSION = '0.2.0-alpha.12';
const dir = join(TOOLS_DIR, `mcp-conformance-${CONFORMANCE_VERSION}`);

export interface ConformanceTool {
  node: string;
  cli: string;
}

export function ensureMcpConformance(): ConformanceTool {
  const tool = { node: process.execPath, cli: join(dir, 'node_modules', '@modelcontextprotocol', 'conformance', 'dist', 'index.js') };
  if (existsSync(tool.cli)) return tool;
  console.log(`[tools] installing the MCP conformance suite ${CONFORMANCE_VERSION} from npm …`);
  mkdirSync(dir, { recursive: true });
  writeFileSync(
    join(dir, 'package.json'),
    JSON.stringify({ private: true, description: 'MCP conformance suite for the tests; installed by the project' }),
  );
  const npm = which('npm');
  if (!npm) throw new Error('npm is needed to install the MCP conformance suite');
  run(npm, ['install', '--no-audit', '--no-fund', '--no-save', `@modelcontextprotocol/conformance@${CONFORMANCE_VERSION}`], { cwd: dir });
  return tool;
}
