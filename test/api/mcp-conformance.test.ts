import { spawn } from 'node:child_process';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { ensureMcpConformance, type ConformanceTool } from '../../dev/local-stack/mcp-conformance';
import { startTestGateway, type TestGateway } from '../support/gateway';

/**
 * The official MCP conformance suite's server scenarios that apply to a server without the suite's
 * own fixture tools, resources and prompts: the handshake, ping, tools/list, and the HTTP header rules.
 */
const SCENARIOS = ['server-initialize', 'ping', 'tools-list', 'http-header-validation'];

let gateway: TestGateway;
let server: Server;
let url: string;
let tool: ConformanceTool;

beforeAll(async () => {
  tool = ensureMcpConformance();
  gateway = await startTestGateway();
  server = gateway.app().listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/mcp`;
}, 180_000);
afterAll(async () => {
  server?.closeAllConnections();
  server?.close();
  await gateway?.close();
});

function runScenario(scenario: string): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(tool.node, [tool.cli, 'server', '--url', url, '--scenario', scenario], {
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, NO_COLOR: '1' },
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, output }));
  });
}

test.each(SCENARIOS)(
  'conformance scenario %s passes',
  async (scenario) => {
    const { code, output } = await runScenario(scenario);
    if (code !== 0) throw new Error(`conformance ${scenario} failed (exit ${code}):\n${output.slice(-4000)}`);
    expect(output).not.toMatch(/\bFAIL(ED)?\b/);
  },
  60_000,
);
