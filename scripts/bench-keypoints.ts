/**
 * `npm run bench:keypoints`: the article check's key points against human summaries
 * (`../shared/benchmarks/keypoints`, see its SOURCES.md), beside Lead-K and TextRank with the same K,
 * and the coverage rule against the human summary as the answer. Prints figures with bootstrap 95%
 * intervals (1,000 resamples of the articles, seeded); asserts nothing. The measures are defined in
 * scripts/keypoint-measures.ts and docs/benchmarks.md.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { coveredKeyPoints } from '../domain/article/coverage';
import { scoredSentences } from '../domain/article/key-points';
import { articleSentences, bootstrapMean, cover, leadK, rouge, textRank } from './keypoint-measures';
import { logBenchRun } from './bench-log';

logBenchRun('bench:keypoints');

interface Pair {
  id: string;
  set: string;
  lang: string;
  blocks: string[];
  reference: string[];
}

const DATASETS = [
  { file: 'cnndm.jsonl', name: 'CNN/Daily Mail (English news, highlights)' },
  { file: 'klexikon-de.jsonl', name: 'Klexikon (German Wikipedia → children’s encyclopedia)' },
  { file: 'xsum.jsonl', name: 'XSum (English BBC news, one-sentence summary; cover is 0 or 1 per article)' },
];

function benchmarkFolder(): string | undefined {
  const candidates = [
    process.env.KEYPOINTS_BENCHMARK,
    resolve(process.cwd(), '../shared/benchmarks/keypoints'),
    resolve(__dirname, '../../shared/benchmarks/keypoints'),
    '/work/shared/benchmarks/keypoints',
  ];
  return candidates.find((folder): folder is string => Boolean(folder) && existsSync(join(folder!, 'cnndm.jsonl')));
}

const fmt = (value: number) => value.toFixed(3);
const cell = (values: readonly number[]) => {
  const { mean, low, high } = bootstrapMean(values);
  return `${fmt(mean)} [${fmt(low)}–${fmt(high)}]`;
};

function correlation(xs: readonly number[], ys: readonly number[]): number {
  const mean = (values: readonly number[]) => values.reduce((sum, value) => sum + value, 0) / values.length;
  const [mx, my] = [mean(xs), mean(ys)];
  let [sxy, sxx, syy] = [0, 0, 0];
  xs.forEach((x, index) => {
    sxy += (x - mx) * (ys[index]! - my);
    sxx += (x - mx) ** 2;
    syy += (ys[index]! - my) ** 2;
  });
  return sxx && syy ? sxy / Math.sqrt(sxx * syy) : 0;
}

type System = 'project' | 'Lead-K' | 'TextRank';

function main(): void {
  const folder = benchmarkFolder();
  if (!folder) {
    console.log(
      'No key-point benchmark found (looked for ../shared/benchmarks/keypoints and /work/shared/benchmarks/keypoints; set KEYPOINTS_BENCHMARK to another folder). Nothing to measure.',
    );
    return;
  }
  const started = Date.now();
  console.log(`Key points against human summaries, from ${folder}. Mean [bootstrap 95% interval over articles].\n`);
  for (const dataset of DATASETS) {
    const path = join(folder, dataset.file);
    if (!existsSync(path)) continue;
    const pairs: Pair[] = readFileSync(path, 'utf8')
      .split('\n')
      .filter((line) => line.trim())
      .map((line) => JSON.parse(line) as Pair);
    const rows: Record<System, Record<string, number[]>> = { project: {}, 'Lead-K': {}, TextRank: {} };
    const push = (system: System, metric: string, value: number) => (rows[system][metric] ??= []).push(value);
    const coverage = { summary: [] as number[], unrelated: [] as number[], leadSummary: [] as number[], leadUnrelated: [] as number[] };
    const lengths: number[] = [];
    const scores: number[] = [];
    let firstChosen = 0;
    let pointWords = 0;
    let pointCount = 0;
    pairs.forEach((pair, index) => {
      const { points, scored } = scoredSentences(pair.blocks, pair.lang);
      for (const sentence of scored) {
        lengths.push(sentence.words);
        scores.push(sentence.score);
      }
      const k = Math.max(points.length, 3);
      const systems: Record<System, string[]> = {
        project: points.map((point) => point.text),
        'Lead-K': leadK(pair.blocks, k),
        TextRank: textRank(pair.blocks, k, pair.lang),
      };
      for (const [system, texts] of Object.entries(systems) as [System, string[]][]) {
        const r1 = rouge(texts, pair.reference, 1, pair.lang);
        const r2 = rouge(texts, pair.reference, 2, pair.lang);
        push(system, 'R1 recall', r1.recall);
        push(system, 'R1 F1', r1.f1);
        push(system, 'R2 recall', r2.recall);
        push(system, 'R2 F1', r2.f1);
        push(system, 'cover', cover(texts, pair.reference, pair.lang));
      }
      const first = articleSentences(pair.blocks)[0];
      if (first !== undefined && points.some((point) => point.text === first)) firstChosen++;
      pointCount += points.length;
      pointWords += points.reduce((sum, point) => sum + point.text.split(/\s+/u).length, 0);
      // The coverage rule: the human summary as the AI answer, then another article's summary.
      const summary = pair.reference.join(' ');
      const other = pairs[(index + 1) % pairs.length]!.reference.join(' ');
      const share = (texts: readonly string[], answer: string) => {
        const asPoints = texts.map((text, at) => ({ id: `k${at + 1}`, text }));
        return asPoints.length ? coveredKeyPoints(answer, asPoints, pair.lang).length / asPoints.length : 0;
      };
      coverage.summary.push(share(systems.project, summary));
      coverage.unrelated.push(share(systems.project, other));
      coverage.leadSummary.push(share(systems['Lead-K'], summary));
      coverage.leadUnrelated.push(share(systems['Lead-K'], other));
    });

    console.log(`## ${dataset.name}: ${pairs.length} articles\n`);
    const metrics = ['R1 recall', 'R1 F1', 'R2 recall', 'R2 F1', 'cover'];
    console.log(`| system | ${metrics.join(' | ')} | cover = 0 |`);
    console.log(`|---|${metrics.map(() => '---').join('|')}|---|`);
    for (const system of Object.keys(rows) as System[]) {
      const zero = rows[system].cover!.filter((value) => value === 0).length;
      console.log(`| ${system} | ${metrics.map((metric) => cell(rows[system][metric]!)).join(' | ')} | ${zero} |`);
    }
    console.log(
      `\nProject: first sentence chosen in ${Math.round((firstChosen / pairs.length) * 100)}% of articles; ${(pointCount / pairs.length).toFixed(1)} key points of ${(pointWords / Math.max(1, pointCount)).toFixed(1)} words on average; ` +
        `sentence score against length: Pearson r = ${correlation(lengths, scores).toFixed(2)}.`,
    );
    console.log(
      `Coverage rule, the human summary as the answer: project key points ${cell(coverage.summary)}, Lead-K sentences ${cell(coverage.leadSummary)}.`,
    );
    console.log(
      `Coverage rule, another article's summary as the answer: project key points ${cell(coverage.unrelated)}, Lead-K sentences ${cell(coverage.leadUnrelated)}.\n`,
    );
  }
  console.log(`(${((Date.now() - started) / 1000).toFixed(1)} s)`);
}

main();
