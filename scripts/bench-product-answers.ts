/**
 * `npm run bench:product-answers -- DIR [--misses]`: the brand reader on real ChatGPT and Google AI Mode
 * answers that this project did not write: the `experiments/consumer-products/data` folder of the
 * amplifying-ai/ai-product-bench repository (MIT; 132 product questions, 3 runs each), read in place and
 * never copied here. Its product names were extracted by that project's model, not by hand, and its
 * ranks are that model's opinion, so this measures only what those names can show: each name that
 * the answer writes verbatim, asked as the brand, is mentioned (recall); is listed among the entities;
 * the product the answer names first is ranked 1; and two products keep the order in which the
 * answer names them. Asserts nothing.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { analyseBrandAnswer } from '../domain/brand/answer';
import { wilson } from '../domain/shared/rate';
import { foldForMatch } from './brand-answer-measures';
import { logBenchRun } from './bench-log';

logBenchRun('bench:product-answers');

interface Tally { hits: number; total: number }
const tally = (): Tally => ({ hits: 0, total: 0 });
const count = (which: Tally, hit: boolean) => { which.total += 1; if (hit) which.hits += 1; };
const percent = (value: number) => `${(value * 100).toFixed(1)}%`;
const row = (name: string, { hits, total }: Tally) => {
  const rate = wilson(hits, total);
  return `| ${name} | ${percent(rate.value)} | ${hits}/${total} | ${percent(rate.low)}–${percent(rate.high)} |`;
};

/** The export writes most product lists as Python literals (single quotes, None), some as JSON arrays. */
function productNames(literal: string | { name?: string }[]): string[] {
  if (Array.isArray(literal)) return literal.flatMap((product) => (product.name ? [product.name] : []));
  const names: string[] = [];
  for (const match of literal.matchAll(/'name':\s*(?:'((?:[^'\\]|\\.)*)'|"((?:[^"\\]|\\.)*)")/gu)) names.push((match[1] ?? match[2] ?? '').replace(/\\(.)/gu, '$1'));
  return names.filter((name) => name.trim() !== '');
}

const folder = process.argv[2];
if (!folder || !existsSync(join(folder, 'responses'))) {
  console.error('usage: npm run bench:product-answers -- <ai-product-bench experiments/consumer-products/data folder> [--misses]');
  process.exit(1);
}
const misses: string[] = [];
for (const model of ['chatgpt', 'google_ai_mode']) {
  const measures = { answers: 0, mentioned: tally(), listed: tally(), firstRanked: tally(), order: tally() };
  for (const file of ['run_1.jsonl', 'run_2.jsonl', 'run_3.jsonl']) {
    const path = join(folder, 'responses', model, file);
    if (!existsSync(path)) continue;
    for (const line of readFileSync(path, 'utf8').split('\n').filter((text) => text.trim() !== '')) {
      const record = JSON.parse(line) as { response: string; products_mentioned: string | { name?: string }[] };
      // The copy escapes Markdown's characters ("\$579", "\*").
      const answer = record.response.replace(/\\([$*_#-])/gu, '$1');
      const names = [...new Set(productNames(record.products_mentioned))].filter((name) => answer.includes(name));
      if (names.length === 0) continue;
      measures.answers += 1;
      const entities = analyseBrandAnswer({ answer, citations: [], brand: 'Qxzv Nonesuch', aliases: [], competitors: [] }).entities;
      const read = names.map((name) => ({ name, at: answer.indexOf(name), rank: analyseBrandAnswer({ answer, citations: [], brand: name, aliases: [], competitors: [] }).rank }));
      for (const { name, rank } of read) {
        count(measures.mentioned, rank !== null);
        if (rank === null) misses.push(`${model}\tmention\t${name}`);
        const listed = entities.some((entity) => foldForMatch(entity.name).startsWith(foldForMatch(name)) || foldForMatch(name).startsWith(foldForMatch(entity.name)));
        count(measures.listed, listed);
      }
      const first = [...read].sort((a, b) => a.at - b.at)[0]!;
      count(measures.firstRanked, first.rank === 1);
      if (first.rank !== 1) misses.push(`${model}\tfirst\t${first.name}: ${first.rank} | ${entities.slice(0, 4).map((entity) => `${entity.rank}:${entity.name}`).join('; ')}`);
      for (const [index, a] of read.entries()) {
        for (const b of read.slice(index + 1)) {
          if (a.rank === null || b.rank === null || a.at === b.at) continue;
          count(measures.order, a.rank === b.rank || (a.at < b.at) === (a.rank < b.rank));
        }
      }
    }
  }
  console.log(`\n${model}: ${measures.answers} answers\n`);
  console.log('| measure | value | count | Wilson 95% |');
  console.log('|---|---|---|---|');
  console.log(row('product named (asked as the brand)', measures.mentioned));
  console.log(row('product listed among the entities', measures.listed));
  console.log(row('first product named is ranked 1', measures.firstRanked));
  console.log(row('two products in the order named', measures.order));
}
if (process.argv.includes('--misses')) for (const miss of misses) console.log(miss);
