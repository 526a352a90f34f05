/**
 * `npm run bench:source-types [-- FILE]`: how the source-type rules (docs/checks/brand.md, "Source types")
 * type the pages real answers cite: every http(s) URL in a JSON-lines file of answers (default: the shared
 * set ../shared/benchmarks/brand-answers/answers.jsonl, SOURCE_TYPES_BENCHMARK for another), read in place
 * and never copied here. No brand or competitor is given, so owned and competitor do not occur: this
 * measures the data file's and the suffix rules' coverage (the share left `other`), not their accuracy,
 * and lists the domains most cited among the `other`, for reading, not for tuning to one set.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { urlsInText } from '../domain/shared/canonical-url';
import { domainOf } from '../domain/brand/report/sources';
import { SOURCE_TYPES, sourceTyper, type SourceType } from '../domain/brand/report/source-types';
import { logBenchRun } from './bench-log';

logBenchRun('bench:source-types');

const file =
  process.argv[2] ??
  process.env.SOURCE_TYPES_BENCHMARK ??
  join(__dirname, '..', '..', 'shared', 'benchmarks', 'brand-answers', 'answers.jsonl');
if (!existsSync(file)) {
  console.log(`No answers at ${file}: give a JSON-lines file of answers.`);
  process.exit(0);
}
const typeOf = sourceTyper({ given: [], discovered: [] });
const urls = readFileSync(file, 'utf8')
  .split('\n')
  .filter((line) => line.trim())
  .flatMap((line) => [...new Set(urlsInText(line))]);
const byCitation = new Map<SourceType, number>();
const byDomain = new Map<string, SourceType>();
const otherCitations = new Map<string, number>();
for (const url of urls) {
  const domain = domainOf(url);
  if (!domain) continue;
  const type = typeOf(domain);
  byCitation.set(type, (byCitation.get(type) ?? 0) + 1);
  byDomain.set(domain, type);
  if (type === 'other') otherCitations.set(domain, (otherCitations.get(domain) ?? 0) + 1);
}
const total = [...byCitation.values()].reduce((sum, count) => sum + count, 0);
const pct = (count: number, of: number) => `${((100 * count) / of).toFixed(1)}%`;
console.log(`Source types of ${total} citations (${byDomain.size} domains) in ${file.replace(/.*\/shared\//, '../shared/')}`);
for (const type of SOURCE_TYPES) {
  const count = byCitation.get(type) ?? 0;
  const domains = [...byDomain.values()].filter((entry) => entry === type).length;
  if (count > 0) console.log(`  ${type.padEnd(13)} ${String(count).padStart(5)} citations (${pct(count, total)}), ${domains} domains`);
}
console.log(
  `Most cited domains typed other: ${[...otherCitations.entries()]
    .sort((a, b) => b[1] - a[1])
    .slice(0, 10)
    .map(([domain, count]) => `${domain} (${count})`)
    .join(', ')}`,
);
