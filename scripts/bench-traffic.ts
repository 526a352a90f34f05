/**
 * `npm run bench:traffic [-- --lines N --parts P]`: the traffic core's throughput. Generates a combined-format
 * access log in memory (seeded: the same log every run), in P parts as the upload will be stored, then
 * detects its format and reads, verifies and counts every part, merging the parts' aggregates as the
 * workflow will. Prints lines per second (generation not included) and the process's peak memory;
 * asserts nothing. Target (docs/checks/traffic.md): 1,000,000 lines within 60 s on this machine.
 */
import { seededRandom } from '../dev/seeded-random';
import { CRAWLERS } from '../domain/shared/crawlers';
import { parseRangeFile, type RangeFile } from '../domain/traffic/ip-ranges';
import { detectLogFormat } from '../domain/traffic/log-format';
import { tallyLog } from '../domain/traffic/tally';
import { emptyAggregate, addAggregate } from '../domain/traffic/traffic-aggregate';
import { trafficReport } from '../domain/traffic/traffic-report';
import { trafficTotals } from '../domain/traffic/totals';
import { identityOf, Verifier } from '../domain/traffic/verification';
import { benchThroughWorkflow } from './bench-traffic-workflow';
import { logBenchRun } from './bench-log';

logBenchRun('bench:traffic');

const argument = (name: string, fallback: number) => {
  const at = process.argv.indexOf(`--${name}`);
  return at > 0 ? Number(process.argv[at + 1]) : fallback;
};
const LINES = argument('lines', 1_000_000);
const PARTS = argument('parts', 10);

const random = seededRandom(26);
const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)]!;
const octet = () => Math.floor(random() * 254) + 1;

/** Range files in the vendors' format, each with 150 IPv4 and 50 IPv6 prefixes (Google's is of that size). */
function rangeFile(first: number): string {
  const prefixes = [
    ...Array.from({ length: 150 }, (_, i) => ({ ipv4Prefix: `${first}.${i}.${octet()}.0/24` })),
    ...Array.from({ length: 50 }, (_, i) => ({ ipv6Prefix: `2600:${first.toString(16)}:${i.toString(16)}::/48` })),
  ];
  return JSON.stringify({ creationTime: '2026-11-20T00:00:00.000000', prefixes });
}
const VENDOR_FIRST_OCTET: Record<string, number> = {
  'openai-gptbot': 20,
  'openai-chatgpt-user': 23,
  'anthropic-bots': 34,
  'perplexity-bot': 44,
  'google-common-crawlers': 66,
  'commoncrawl-ccbot': 18,
  'microsoft-bingbot': 40,
};
const ranges = new Map<string, RangeFile>(Object.entries(VENDOR_FIRST_OCTET).map(([id, first]) => [id, parseRangeFile(rangeFile(first))]));
const rangeOf = (id: string) => ranges.get(id)!.prefixes;

function addressIn(prefix: string): string {
  if (prefix.includes(':')) return `${prefix.split('::')[0]}::${Math.floor(random() * 0xffff).toString(16)}`;
  return `${prefix.split('.').slice(0, 3).join('.')}.${octet()}`;
}

/** Crawlers claimed in the log, each with its first range file (none for the vendors that publish none). */
const CLAIMS: { token: string; ranges?: string }[] = [
  'GPTBot',
  'ChatGPT-User',
  'ClaudeBot',
  'PerplexityBot',
  'Googlebot',
  'bingbot',
  'CCBot',
  'Bytespider',
  'meta-externalagent',
].map((token) => ({ token, ranges: identityOf(token).ranges[0] }));
const AGENTS = Object.fromEntries(
  CRAWLERS.map((crawler) => [crawler.token, crawler.userAgent ?? `Mozilla/5.0 (compatible; ${crawler.token}/1.0)`]),
);
const BROWSERS = [
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Safari/605.1.15',
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1',
];
const REFERERS = [
  '-',
  '-',
  '-',
  'https://www.google.com/',
  'https://chatgpt.com/',
  'https://www.perplexity.ai/search?q=x',
  'https://gemini.google.com/app',
  'https://claude.ai/',
];
const PAGES = Array.from({ length: 2_000 }, (_, i) => `/docs/page-${i}`);
const STATUSES = [200, 200, 200, 200, 200, 200, 301, 304, 403, 404, 500];
const MONTHS = ['Oct', 'Nov'];

function generateLine(): string {
  const time = `${String(1 + Math.floor(random() * 28)).padStart(2, '0')}/${pick(MONTHS)}/2026:${String(Math.floor(random() * 24)).padStart(2, '0')}:${String(Math.floor(random() * 60)).padStart(2, '0')}:00 +0000`;
  const roll = random();
  let ip: string;
  let agent: string;
  let referer = '-';
  if (roll < 0.3) {
    const claim = pick(CLAIMS);
    agent = AGENTS[claim.token]!;
    ip = claim.ranges && random() < 0.85 ? addressIn(pick(rangeOf(claim.ranges))) : `${octet()}.${octet()}.${octet()}.${octet()}`;
  } else {
    agent = pick(BROWSERS);
    ip =
      random() < 0.2 ? `2001:db8:${Math.floor(random() * 0xffff).toString(16)}::${octet()}` : `${octet()}.${octet()}.${octet()}.${octet()}`;
    referer = pick(REFERERS);
  }
  const page = pick(PAGES) + (random() < 0.05 ? '?utm_source=chatgpt.com' : '');
  return `${ip} - - [${time}] "GET ${page} HTTP/1.1" ${pick(STATUSES)} ${Math.floor(random() * 50_000)} "${referer}" "${agent}"`;
}

let peakHeap = 0;
const sample = () => (peakHeap = Math.max(peakHeap, process.memoryUsage().heapUsed));

const generationStart = performance.now();
const parts: string[] = [];
const perPart = Math.ceil(LINES / PARTS);
for (let made = 0; made < LINES; made += perPart) {
  const count = Math.min(perPart, LINES - made);
  parts.push(Array.from({ length: count }, generateLine).join('\n'));
  sample();
}
const generationSeconds = (performance.now() - generationStart) / 1000;
const logMb = parts.reduce((sum, part) => sum + part.length, 0) / 1e6;

const start = performance.now();
const detection = detectLogFormat(parts[0]!.slice(0, 20_000).split('\n'));
if (!detection.known) throw new Error('the generated log was not recognised');
const verifier = new Verifier({ ranges });
const merged = emptyAggregate();
let firstLine = 1;
for (const part of parts) {
  const lines = part.split('\n');
  addAggregate(merged, tallyLog(lines, detection.format, verifier, firstLine));
  firstLine += lines.length;
  sample();
}
const report = trafficReport(merged, { GPTBot: 'allowed', CCBot: 'blocked' });
const seconds = (performance.now() - start) / 1000;

const { verified, forged, unverifiable } = trafficTotals(report);
const verdicts = { verified, forged, unverifiable };
console.log(`format=${detection.format.name} parts=${PARTS} log_mb=${logMb.toFixed(0)} generated_in_s=${generationSeconds.toFixed(1)}`);
console.log(
  `crawler requests: ${JSON.stringify(verdicts)}; referrals: ${report.referrals.map((entry) => `${entry.assistant} ${entry.visits}`).join(', ')}; unreadable: ${report.unreadable}`,
);
console.log(
  `lines=${merged.lines} seconds=${seconds.toFixed(2)} lines_per_second=${Math.round(merged.lines / seconds)} peak_rss_mb=${(process.resourceUsage().maxRSS / 1024).toFixed(0)} peak_heap_mb=${(peakHeap / 1e6).toFixed(0)}`,
);

// --workflow: the same log uploaded and read by crawlerTrafficWorkflow on a worker process.
if (process.argv.includes('--workflow')) {
  benchThroughWorkflow(parts, ranges).then(
    () => process.exit(0),
    (error: unknown) => {
      console.error(error);
      process.exit(1);
    },
  );
}
