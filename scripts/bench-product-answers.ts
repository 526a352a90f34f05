/**
 * `npm run bench:product-answers -- DIR [--misses]`: the ChatGPT cross-check alone (product-answer-measures.ts),
 * DIR the `experiments/consumer-products/data` folder of amplifying-ai/ai-product-bench. Asserts nothing.
 * `npm run bench:brand-answers` runs it too, with the hand-labelled sets.
 */
import { wilson } from '../domain/shared/rate';
import { hasProductAnswers, measureProductAnswers, PRODUCT_MODELS } from './product-answer-measures';
import type { Tally } from './brand-answer-measures';
import { logBenchRun } from './bench-log';

logBenchRun('bench:product-answers');

const percent = (value: number) => `${(value * 100).toFixed(1)}%`;
const row = (name: string, { hits, total }: Tally) => {
  const rate = wilson(hits, total);
  return `| ${name} | ${percent(rate.value)} | ${hits}/${total} | ${percent(rate.low)}–${percent(rate.high)} |`;
};

const folder = process.argv[2];
if (!hasProductAnswers(folder)) {
  console.error('usage: npm run bench:product-answers -- <ai-product-bench experiments/consumer-products/data folder> [--misses]');
  process.exit(1);
}
for (const model of PRODUCT_MODELS) {
  const measures = measureProductAnswers(folder, model);
  console.log(`\n${model}: ${measures.answers} answers\n`);
  console.log('| measure | value | count | Wilson 95% |');
  console.log('|---|---|---|---|');
  console.log(row('product named (asked as the brand)', measures.mentioned));
  console.log(row('product listed among the entities', measures.listed));
  console.log(row('first product named is ranked 1', measures.firstRanked));
  console.log(row('two products in the order named', measures.order));
  if (process.argv.includes('--misses')) for (const miss of measures.misses) console.log(miss);
}
