/**
 * `npm run bench:brand-answers [-- --misses] [-- --products DIR]`: the brand reader (rules) on three sets,
 * every measure for each (Wilson 95% intervals), asserting nothing:
 * - own: the answers written by hand for this repository (bench/brand-answers, its README has the labelling rules);
 * - shared: the hand-labelled real answers in ../shared/benchmarks/brand-answers (BRAND_ANSWERS_BENCHMARK for
 *   another folder of its shape), read in place, never copied here;
 * - the ChatGPT cross-check (product-answer-measures.ts) where the ai-product-bench data lies
 *   (`--products DIR` or PRODUCT_ANSWERS_BENCHMARK); said so when it is absent.
 * - more sets of the shared set's shape, each `--set NAME=DIR` (repeatable): labelled answers kept outside the
 *   repository, e.g. another assistant's real answers labelled blind (docs/brand-reader.md §4).
 * Then the reader's time on a 10,000-character answer. `--misses` lists every miss with the rule that
 * made it, for reading, not for tuning to one set. `--reader model` also measures the reading model on
 * every set (scripts/model-reader-bench.ts), or says plainly that none is configured.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import { analyseBrandAnswer } from '../domain/brand/reader/answer';
import { wilson } from '../domain/shared/rate';
import { measureBrandAnswers, type BrandAnswerMeasures, type LabelledAnswer, type Tally } from './brand-answer-measures';
import { hasProductAnswers, measureProductAnswers, PRODUCT_MODELS } from './product-answer-measures';
import { logBenchRun } from './bench-log';
import { modelReaderColumns } from './model-reader-bench';

logBenchRun('bench:brand-answers');

const argument = (name: string) => {
  const at = process.argv.indexOf(name);
  return at >= 0 ? process.argv[at + 1] : undefined;
};
const showMisses = process.argv.includes('--misses');

function sharedFolder(): string | undefined {
  const candidates = [
    process.env.BRAND_ANSWERS_BENCHMARK,
    resolve(process.cwd(), '../shared/benchmarks/brand-answers'),
    resolve(__dirname, '../../shared/benchmarks/brand-answers'),
    '/work/shared/benchmarks/brand-answers',
  ];
  return candidates.find((folder): folder is string => Boolean(folder) && existsSync(join(folder!, 'answers.jsonl')));
}

const lines = (path: string) =>
  readFileSync(path, 'utf8')
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => JSON.parse(line) as Record<string, unknown>);

function loadShared(folder: string): LabelledAnswer[] {
  const labels = new Map(lines(join(folder, 'labels.jsonl')).map((label) => [label.id as string, label]));
  return lines(join(folder, 'answers.jsonl')).flatMap((answer) => {
    const label = labels.get(answer.id as string);
    if (!label) return [];
    return [
      {
        id: answer.id as string,
        platform: answer.platform_or_model as string,
        query: answer.query as string,
        answer: answer.answer as string,
        citations: (answer.citations as string[] | undefined) ?? [],
        options: label.options as LabelledAnswer['options'],
        first: label.first as string,
        traps: (label.traps as LabelledAnswer['traps'] | undefined) ?? [],
      },
    ];
  });
}

/** bench/brand-answers/*.md: answers each opened by a line `@@@ {label}` (its README). */
export function loadOwn(folder: string): LabelledAnswer[] {
  return readdirSync(folder)
    .filter((file) => file.endsWith('.md') && file !== 'README.md')
    .sort()
    .flatMap((file) => {
      const parts = readFileSync(join(folder, file), 'utf8').split(/^@@@ /mu).slice(1);
      return parts.map((part) => {
        const newline = part.indexOf('\n');
        const label = JSON.parse(part.slice(0, newline)) as Record<string, unknown>;
        return {
          id: label.id as string,
          platform: label.platform as string,
          query: label.query as string,
          answer: part.slice(newline + 1).replace(/\s+$/u, ''),
          citations: (label.citations as string[] | undefined) ?? [],
          options: (label.options as LabelledAnswer['options']).map((option) => ({ ...option, aliases: option.aliases ?? [] })),
          first: label.first as string,
          traps: (label.traps as LabelledAnswer['traps'] | undefined) ?? [],
        };
      });
    });
}

const percent = (value: number) => `${(value * 100).toFixed(1)}%`;
const cell = (tally: Tally | undefined) => {
  if (!tally || tally.total === 0) return '–';
  const rate = wilson(tally.hits, tally.total);
  return `${percent(rate.value)} (${tally.hits}/${tally.total}, ${percent(rate.low)}–${percent(rate.high)})`;
};
const rate = (tally: Tally | undefined) => (tally && tally.total > 0 ? tally.hits / tally.total : undefined);

const MEASURES: { key: keyof Omit<BrandAnswerMeasures, 'misses'>; name: string; target: string }[] = [
  { key: 'mentionRecall', name: 'mention recall', target: '≥ 98%' },
  { key: 'trapFalseMentions', name: 'trap false mentions', target: '≤ 3%' },
  { key: 'rankExact', name: 'rank exact', target: '≥ 62%' },
  { key: 'pairsInOrder', name: 'pairs of options in labelled order', target: '≥ 94%' },
  { key: 'firstRight', name: 'first recommendation right', target: '≥ 92%' },
  { key: 'optionPrecision', name: 'option precision', target: '≥ 75%' },
  { key: 'optionRecall', name: 'option recall', target: '≥ 80%' },
  { key: 'sentimentRight', name: 'sentiment right', target: '(no target)' },
];

const ownFolder = resolve(__dirname, '../bench/brand-answers');
const own = loadOwn(ownFolder);
const shared = sharedFolder();
const extraSets = process.argv
  .flatMap((value, at) => (process.argv[at - 1] === '--set' ? [value] : []))
  .map((value) => {
    const [name, folder] = [value.slice(0, value.indexOf('=')), value.slice(value.indexOf('=') + 1)];
    if (!name || !existsSync(join(folder, 'answers.jsonl')))
      throw new Error(`--set ${value}: expected NAME=DIR, DIR holding answers.jsonl and labels.jsonl`);
    return { name, items: loadShared(folder) };
  });
const sets: { name: string; items: LabelledAnswer[] }[] = [
  { name: 'own', items: own },
  ...(shared ? [{ name: 'shared', items: loadShared(shared) }] : []),
  ...extraSets,
];
const measured = sets.map((set) => ({ ...set, measures: measureBrandAnswers(set.items) }));

for (const set of measured)
  console.log(
    `${set.name}: ${set.items.length} hand-labelled answers (${[...new Set(set.items.map((item) => item.platform))].join(', ')})`,
  );
if (!shared) console.log('shared: not found (../shared/benchmarks/brand-answers, or BRAND_ANSWERS_BENCHMARK)');
console.log('');
printTable(measured, true);

function printTable(columns: readonly { name: string; measures: BrandAnswerMeasures }[], withGap: boolean): void {
  console.log(`| measure | ${columns.map((set) => set.name).join(' | ')} |${withGap ? ' shared − own |' : ''} target |`);
  console.log(`|---|${columns.map(() => '---|').join('')}${withGap ? '---|' : ''}---|`);
  for (const measure of MEASURES) {
    const [ownRate, sharedRate] = [rate(columns[0]?.measures[measure.key]), rate(columns[1]?.measures[measure.key])];
    const gap = ownRate !== undefined && sharedRate !== undefined ? `${((sharedRate - ownRate) * 100).toFixed(1)} points` : '–';
    console.log(
      `| ${measure.name} | ${columns.map((set) => cell(set.measures[measure.key])).join(' | ')} |${withGap ? ` ${gap} |` : ''} ${measure.target} |`,
    );
  }
}

const products = argument('--products') ?? process.env.PRODUCT_ANSWERS_BENCHMARK;
console.log('');
if (!hasProductAnswers(products)) {
  console.log(
    'ChatGPT cross-check: its data is not here (`--products DIR` or PRODUCT_ANSWERS_BENCHMARK: the experiments/consumer-products/data folder of amplifying-ai/ai-product-bench).',
  );
} else {
  const crossCheck = PRODUCT_MODELS.map((model) => ({ model, measures: measureProductAnswers(products, model) }));
  console.log(
    `Cross-check on ai-product-bench (model-extracted names): ${crossCheck.map(({ model, measures }) => `${model} ${measures.answers} answers`).join(', ')}\n`,
  );
  console.log(`| measure | ${PRODUCT_MODELS.join(' | ')} |`);
  console.log(`|---|${PRODUCT_MODELS.map(() => '---|').join('')}`);
  for (const [key, name] of [
    ['mentioned', 'product named (asked as the brand)'],
    ['listed', 'product listed among the entities'],
    ['firstRanked', 'first product named is ranked 1'],
    ['order', 'two products in the order named'],
  ] as const) {
    console.log(`| ${name} | ${crossCheck.map(({ measures }) => cell(measures[key])).join(' | ')} |`);
  }
  if (showMisses) for (const { measures } of crossCheck) for (const miss of measures.misses) console.log(miss);
}

// The reader's time on a 10,000-character answer, as a worker reads answers all day: 33 different answers, each the own
// set's answers joined from another one on (a reading that repeated one text would time its caches), read once to warm
// the process and timed on the second round. Wall time and the process's CPU time: on a shared machine the wall time
// also counts the other processes' turns.
const longAnswers = Array.from({ length: 33 }, (_, from) => {
  let long = '';
  for (let next = from * 2; long.length < 10_000; next++) long += `${own[next % own.length]!.answer}\n\n`;
  return long.slice(0, 10_000);
});
const times: number[] = [];
const cpuTimes: number[] = [];
for (const [run, long] of [...longAnswers, ...longAnswers].entries()) {
  const started = performance.now();
  const cpu = process.cpuUsage();
  analyseBrandAnswer({
    answer: long,
    citations: [],
    brand: 'Patagonia',
    aliases: [],
    competitors: ['Marmot'],
    question: 'best rain jacket',
  });
  const used = process.cpuUsage(cpu);
  if (run >= longAnswers.length) {
    times.push(performance.now() - started);
    cpuTimes.push((used.user + used.system) / 1000);
  }
}
const median = (values: number[]) => [...values].sort((a, b) => a - b)[values.length >> 1]!;
console.log(
  `\nReader on ${times.length} different 10,000-character answers: median ${median(times).toFixed(1)} ms, slowest ${Math.max(...times).toFixed(1)} ms; CPU time median ${median(cpuTimes).toFixed(1)} ms (target < 20 ms).`,
);

if (argument('--reader') === 'model') {
  void modelReaderColumns(measured, process.env).then((result) => {
    console.log('\nThe reading model (--reader model):');
    if ('absent' in result) return console.log(result.absent);
    for (const line of result.lines) console.log(line);
    console.log('');
    printTable(result.columns, false);
  });
}

if (showMisses) {
  for (const set of measured) {
    console.log(`\nMisses on ${set.name}:`);
    for (const miss of set.measures.misses) console.log(`${miss.id}\t${miss.measure}\t${miss.detail}`);
  }
}
