/**
 * `npm run bench:signed-agents [-- --lines N --signed S]`: the cost of verifying Web Bot Auth signatures in
 * a log (docs/checks/traffic.md, "Signed agents"). Generates an nginx ai_agents log in memory (seeded: the
 * same log every run) where a share S of the lines is signed (by dev/signed-agents.ts, with a few agents'
 * keys, some signatures forged or expired), then detects, reads, verifies and counts it as a part is read,
 * with the directories already resolved. Prints lines and signatures per second; asserts nothing.
 */
import { newSigningKey, signRequest, type SigningKey } from '../dev/signed-agents';
import { seededRandom } from '../dev/seeded-random';
import { parseDirectory } from '../domain/traffic/key-directory';
import { detectLogFormat } from '../domain/traffic/log-format';
import type { DirectoryKeys } from '../domain/traffic/signed-agents';
import { tallyLog } from '../domain/traffic/tally';
import { Verifier } from '../domain/traffic/verification';
import { keysByThumbprint } from '../infra/ed25519-keys';
import { logBenchRun } from './bench-log';

logBenchRun('bench:signed-agents');

const argument = (name: string, fallback: number) => {
  const at = process.argv.indexOf(`--${name}`);
  return at > 0 ? Number(process.argv[at + 1]) : fallback;
};
const LINES = argument('lines', 200_000);
const SIGNED = argument('signed', 0.2);

const random = seededRandom(41);
const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)]!;
const CHROME = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/142.0.0.0 Safari/537.36';
const HOST = 'shop.example';
const T0 = Date.parse('2026-11-24T09:00:00Z') / 1000;
const agents: { origin: string; key: SigningKey; form: 'legacy' | 'dictionary' }[] = [
  { origin: 'https://chatgpt.com', key: newSigningKey(), form: 'legacy' },
  { origin: 'https://agents.one.example', key: newSigningKey(), form: 'dictionary' },
  { origin: 'https://agents.two.example', key: newSigningKey(), form: 'dictionary' },
];
const directories = new Map<string, DirectoryKeys>(
  agents.map(({ origin, key }) => [
    `${origin}/.well-known/http-message-signatures-directory`,
    { keys: keysByThumbprint(parseDirectory(JSON.stringify({ keys: [{ kty: 'OKP', crv: 'Ed25519', x: key.x }] }))) },
  ]),
);

const nginx = (value: string) => value.replace(/"/g, '\\x22');
const lines: string[] = [];
for (let index = 0; index < LINES; index++) {
  const second = index % 3600;
  const time = `[24/Nov/2026:10:${String(Math.floor(second / 60)).padStart(2, '0')}:${String(second % 60).padStart(2, '0')} +0100]`;
  const path = `/p/${Math.floor(random() * 5000)}`;
  const prefix = `198.51.100.${(index % 250) + 1} - - ${time} "GET ${path} HTTP/1.1" 200 1024 "-" "${CHROME}" "${HOST}"`;
  if (random() >= SIGNED) {
    lines.push(`${prefix} "-" "-" "-"`);
    continue;
  }
  const agent = pick(agents);
  const at = T0 + second;
  const expired = random() < 0.05;
  const signed = signRequest({
    key: agent.key,
    agent: agent.origin,
    form: agent.form,
    authority: HOST,
    created: expired ? at - 900 : at - 5,
    expires: expired ? at - 600 : at + 300,
    nonce: String(index),
  });
  const forged = random() < 0.05 ? signed.signature.replace(/=:(.)/, (_, c: string) => `=:${c === 'A' ? 'B' : 'A'}`) : signed.signature;
  lines.push(`${prefix} "${nginx(signed.agent)}" "${nginx(signed.input)}" "${forged}"`);
}

const detection = detectLogFormat(lines.slice(0, 20));
if (!detection.known) throw new Error('the generated log was not detected');
const verifier = new Verifier({ ranges: new Map(), directories: (url) => directories.get(url) });
const started = performance.now();
const aggregate = tallyLog(lines, detection.format, verifier);
const seconds = (performance.now() - started) / 1000;
const signatures = Object.values(aggregate.signedAgents ?? {}).reduce((sum, agent) => sum + agent.requests, 0);
const verified = Object.values(aggregate.signedAgents ?? {}).reduce((sum, agent) => sum + agent.outcomes.verified, 0);
console.log(
  `format ${detection.format.name}: ${LINES.toLocaleString('en-US')} lines, ${signatures.toLocaleString('en-US')} signed (${verified.toLocaleString('en-US')} verified)`,
);
console.log(
  `read, verified and counted in ${seconds.toFixed(2)} s: ${Math.round(LINES / seconds).toLocaleString('en-US')} lines/s, ${Math.round(signatures / seconds).toLocaleString('en-US')} signatures/s`,
);
console.log(`peak memory ${Math.round(process.memoryUsage().rss / 1024 / 1024)} MB`);
