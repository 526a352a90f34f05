/**
 * `npm run bench:brand-answers`: the brand reader (rules) on real assistant answers with hand labels
 * (`../shared/benchmarks/brand-answers`, see its README). Prints the measures with Wilson 95%
 * intervals; asserts nothing. `--misses` lists every miss, for reading, not for tuning to this set.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { wilson } from '../domain/shared/rate';
import { measureBrandAnswers, type LabelledAnswer, type Tally } from './brand-answer-measures';
import { logBenchRun } from './bench-log';

logBenchRun('bench:brand-answers');

function benchmarkFolder(): string | undefined {
  const candidates = [process.env.BRAND_ANSWERS_BENCHMARK, resolve(process.cwd(), '../shared/benchmarks/brand-answers'), resolve(__dirname, '../../shared/benchmarks/brand-answers'), '/work/shared/benchmarks/brand-answers'];
  return candidates.find((folder): folder is string => Boolean(folder) && existsSync(join(folder!, 'answers.jsonl')));
}

const lines = (path: string) => readFileSync(path, 'utf8').split('\n').filter((line) => line.trim() !== '').map((line) => JSON.parse(line) as Record<string, unknown>);

function load(folder: string): LabelledAnswer[] {
  const labels = new Map(lines(join(folder, 'labels.jsonl')).map((label) => [label.id as string, label]));
  return lines(join(folder, 'answers.jsonl')).flatMap((answer) => {
    const label = labels.get(answer.id as string);
    if (!label) return [];
    return [{
      id: answer.id as string,
      platform: answer.platform_or_model as string,
      query: answer.query as string,
      answer: answer.answer as string,
      citations: (answer.citations as string[] | undefined) ?? [],
      options: label.options as LabelledAnswer['options'],
      first: label.first as string,
      traps: (label.traps as LabelledAnswer['traps'] | undefined) ?? [],
    }];
  });
}

const percent = (value: number) => `${(value * 100).toFixed(1)}%`;
const row = (name: string, tally: Tally, target: string) => {
  const rate = wilson(tally.hits, tally.total);
  return `| ${name} | ${percent(rate.value)} | ${tally.hits}/${tally.total} | ${percent(rate.low)}–${percent(rate.high)} | ${target} |`;
};

const folder = benchmarkFolder();
if (!folder) {
  console.error('No brand-answers benchmark found (../shared/benchmarks/brand-answers, or BRAND_ANSWERS_BENCHMARK).');
  process.exit(1);
}
const items = load(folder);
const measures = measureBrandAnswers(items);
const platforms = [...new Set(items.map((item) => item.platform))].join(', ');
console.log(`Brand reader (rules) on ${items.length} hand-labelled answers (${platforms})\n`);
console.log('| measure | value | count | Wilson 95% | target |');
console.log('|---|---|---|---|---|');
console.log(row('mention recall', measures.mentionRecall, '≥ 97%'));
console.log(row('trap false mentions', measures.trapFalseMentions, '≤ 5%'));
console.log(row('rank exact', measures.rankExact, '≥ 70%'));
console.log(row('first recommendation right', measures.firstRight, '≥ 90%'));
console.log(row('option precision', measures.optionPrecision, '≥ 60%'));
console.log(row('option recall', measures.optionRecall, '≥ 50%'));
console.log(row('sentiment right', measures.sentimentRight, '(no target)'));
if (process.argv.includes('--misses')) {
  console.log('');
  for (const miss of measures.misses) console.log(`${miss.id}\t${miss.measure}\t${miss.detail}`);
}
