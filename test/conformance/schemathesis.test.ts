/**
 * Schemathesis against the published /openapi.json: the app on a loopback port over the real stack
 * (Temporal with a test worker, MongoDB, Redis, fixture sites, stand-in platforms). Every check with
 * Schemathesis' own expectations (schemathesis.toml holds the one exception): fails on any server
 * error, any answer the document does not describe, any schema-valid request refused (its positive-data
 * check) and any invalid one served. Endpoints are read from the document, so new ones are tested
 * without changes here.
 */
import { spawn } from 'node:child_process';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { ensureSchemathesis } from '../../dev/local-stack/schemathesis';
import { startTestGateway, type TestGateway } from '../support/gateway';

let gateway: TestGateway;
let server: Server;
let baseUrl: string;

beforeAll(async () => {
  // A service configured in part, as many are: SerpApi alone (so not ChatGPT's app, which DataForSEO
  // sells) and no DeepSeek key. The document it serves lists what it asks; nothing it lists is refused.
  // Small surveys (3 questions, 2 for an article), so that every schema-valid one can run to its end.
  gateway = await startTestGateway({ DEEPSEEK_API_KEY: '', BRAND_QUESTIONS: '3', ARTICLE_QUESTIONS: '2' }, {}, 'serpapi');
  // Valid check requests start real checks, and a stream is read to its end. Thirty site checks per
  // operation, then 429 (documented): the worker only ever fetches fixture sites or names that do not
  // resolve. The surveys' limits are off: with 30, the coverage phase's invalid bodies used them up, so every
  // schema-valid body naming platforms was answered 429 and a refused platform went unseen.
  const app = gateway.app({ rateLimits: { check: 30, checkStream: 30, keywords: 0, articleCheck: 0, mcpCheckSite: 30 } });
  server = await new Promise<Server>((resolve) => {
    const listening = app.listen(0, '127.0.0.1', () => resolve(listening));
  });
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}, 120_000);

afterAll(async () => {
  await new Promise((resolve) => server?.close(resolve));
  // Monitors the run created have schedules on the shared dev server: removed with the test's database.
  for (const monitor of (await gateway?.temporal.mongo.db
    .collection('monitors')
    .find({}, { projection: { _id: 1 } })
    .toArray()) ?? []) {
    await gateway.temporal.client.schedule
      .getHandle(`monitor-${String(monitor._id)}`)
      .delete()
      .catch(() => undefined);
  }
  await gateway?.close();
});

function runSchemathesis(args: string[]): Promise<{ code: number | null; output: string }> {
  const tool = ensureSchemathesis();
  return new Promise((resolve, reject) => {
    const child = spawn(tool.command, [...tool.args, ...args], { env: { ...process.env, ...tool.env, NO_COLOR: '1' } });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, output }));
  });
}

test('the app conforms to its OpenAPI document: no server errors, no undocumented answers', async () => {
  const { code, output } = await runSchemathesis([
    '--config-file',
    join(__dirname, 'schemathesis.toml'),
    'run',
    `${baseUrl}/openapi.json`,
    '--url',
    baseUrl,
    '--checks',
    'all',
    '--max-examples',
    '20',
    '--request-timeout',
    '30',
    '--seed',
    '1',
    '--generation-database',
    'none',
    '--workers',
    '1',
  ]);
  if (code !== 0) throw new Error(`schemathesis failed (exit ${code}):\n${output}`);
  // The summary (operations, cases, time) in the test log, for whoever reads it.
  process.stdout.write(`${output.slice(output.lastIndexOf('SUMMARY'))}\n`);
  expect(output).toMatch(/passed/);
}, 900_000);
