import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import request from 'supertest';
import type { Client } from '@modelcontextprotocol/client';
import { answerArticleQuestions } from '../../dev/article-answers';
import { answerBrandQuestions, BRAND, BRAND_DOMAIN, KEYWORD } from '../../dev/brand-answers';
import { ARTICLE_URL, FIXTURE_HOSTS } from '../../dev/fixture-sites';
import {
  answerShoppingQuestions,
  SHOPPING_BRAND,
  SHOPPING_COMPETITORS,
  SHOPPING_KEYWORD,
  SHOPPING_PRODUCTS,
} from '../../dev/shopping-answers';
import { KINDS } from '../../domain/kinds';
import type { MonitorKind } from '../../domain/shared/check-kinds';
import { isMeasured, type Metric } from '../../domain/shared/metric';
import { startTestGateway, type TestGateway } from '../support/gateway';
import { connectInMemory } from '../support/mcp-client';

/**
 * One name per metric (docs/checks/monitoring.md#metrics): each kind's report page and MCP answer show
 * every metric the report measured under the label its kind declares, the MCP output's schema describes
 * each headline figure by it, and no source in api/ or domain/ spells a metric's name by hand.
 */

let gateway: TestGateway;
let client: Client;
const READ_TOOL = { site: 'get_latest_report', brand: 'get_brand_report', article: 'get_article_report' } as const;

/** One sample report of each kind, and a shopping diagnosis with demand: the metrics measured only where a run has product cards or volumes. */
const SAMPLES = ['site', 'brand', 'article', 'shopping'] as const;
type Sample = (typeof SAMPLES)[number];
const KIND_OF: Record<Sample, MonitorKind> = { site: 'site', brand: 'brand', article: 'article', shopping: 'brand' };
const seen: Partial<Record<Sample, { page: string; summary: string; report: unknown }>> = {};

beforeAll(async () => {
  gateway = await startTestGateway({ ARTICLE_QUESTIONS: '4', BRAND_QUESTIONS: '8', BRAND_RUNS: '1' }, {}, 'both');
  client = await connectInMemory(gateway);
  answerBrandQuestions(gateway.platforms);
  answerArticleQuestions(gateway.platforms);
  const runs = {
    site: await gateway.checks.run('site', { url: FIXTURE_HOSTS.healthy }),
    brand: await gateway.checks.run('brand', { keyword: KEYWORD, brand: BRAND, domain: BRAND_DOMAIN, platforms: ['chatgpt', 'claude'] }),
    article: await gateway.checks.run('article', { url: ARTICLE_URL }),
  };
  answerShoppingQuestions(gateway.platforms);
  gateway.platforms.setDemand({ ai: () => 1200, google: () => 900 });
  const shopping = await gateway.checks.run('brand', {
    keyword: SHOPPING_KEYWORD,
    brand: SHOPPING_BRAND,
    competitors: SHOPPING_COMPETITORS,
    products: SHOPPING_PRODUCTS,
    platforms: ['google-ai-mode', 'chatgpt-app'],
  });
  for (const sample of SAMPLES) {
    const { snapshotId, report } = sample === 'shopping' ? shopping : runs[sample];
    const kind = KIND_OF[sample];
    const page = await request(gateway.app()).get(`/report/${snapshotId}`);
    expect(page.status).toBe(200);
    const argumentsOf = kind === 'site' ? { domain: FIXTURE_HOSTS.healthy } : { id: snapshotId };
    const result = await client.callTool({ name: READ_TOOL[kind], arguments: argumentsOf });
    const summary = (result.content as { text: string }[]).map((block) => block.text).join('\n');
    seen[sample] = { page: page.text, summary, report };
  }
}, 240_000);
afterAll(async () => {
  await client.close();
  await gateway.close();
});

/** The metrics a report measured: a product card rate or a weighted rate is shown only where the run had it. */
const measuredIn = (kind: MonitorKind, report: unknown): readonly Metric<unknown>[] =>
  (KINDS[kind].metrics as readonly Metric<unknown>[]).filter((metric) => isMeasured(metric, report));

test('the shopping diagnosis measured what the others do not: product cards and demand', () => {
  const unmeasured = (sample: Sample) => {
    const measured = measuredIn(KIND_OF[sample], seen[sample]!.report).map(({ key }) => key);
    return KINDS[KIND_OF[sample]].metrics.map(({ key }) => key).filter((key) => !measured.includes(key));
  };
  expect(unmeasured('shopping')).toEqual([]);
  expect(unmeasured('brand')).toEqual(['productCardRate', 'brandProductShare', 'brandBestPosition', 'demandWeightedMentionRate']);
});

describe.each(SAMPLES)('the %s report', (sample) => {
  const kind = KIND_OF[sample];
  test('its page and its MCP answer name each metric it measured by its label', () => {
    const { page, summary, report } = seen[sample]!;
    const metrics = measuredIn(kind, report);
    expect(metrics.length).toBeGreaterThan(1);
    for (const metric of metrics) {
      expect({ metric: metric.key, onPage: page.includes(`>${metric.label}<`) }).toEqual({ metric: metric.key, onPage: true });
      expect({ metric: metric.key, inSummary: summary.includes(`${metric.label}: `) }).toEqual({ metric: metric.key, inSummary: true });
    }
  });

  test("the MCP read tool's output schema describes each headline figure by its label", async () => {
    const { tools } = await client.listTools();
    const properties = tools.find((tool) => tool.name === READ_TOOL[kind])!.outputSchema!.properties as Record<
      string,
      { description?: string }
    >;
    for (const metric of KINDS[kind].metrics.filter((declared) => declared.headline))
      expect(properties[metric.key]?.description).toMatch(new RegExp(`^${metric.label}: `));
  });
});

/** The metrics' names as they were spelt before one declaration named them (issue 44), and what each stood for. */
const RETIRED = [
  'Named in', // mentionRate, in the competitors' table
  'Names the brand',
  'Names it first',
  'First recommendation', // without "rate"
  'First-recommendation rate',
  'Cites its site',
  'Brand’s site cited',
  'Cites the article',
  'Article URL cited',
  'Answers citing the article',
  'Answers citing the site',
  'Cites the site',
  'Crawler score',
  'AI awareness score',
];

const sources = (folder: string): string[] =>
  readdirSync(folder, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith('.ts'))
    .map((entry) => join(entry.parentPath, entry.name));

/** A source's code without its comments, which may quote a name to explain it. */
const codeOf = (file: string) =>
  readFileSync(file, 'utf8')
    .replace(/\/\*[\s\S]*?\*\//g, '')
    .replace(/^\s*\/\/.*$/gm, '');

/** A name as a piece of text shown to people: a whole string, a table cell, a list line's head. */
const spelled = (name: string) => new RegExp(`(['"\`>]|- )${name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(['"\`<:]| \\$\\{)`);

test('no source in api/ or domain/ spells a metric’s name: neither a retired one nor a declared one outside its declaration', () => {
  const declarations = /domain\/(\w+\/)*(metrics|product-metrics)\.ts$/;
  const names = [
    ...RETIRED,
    ...Object.values(KINDS).flatMap((kind) => kind.metrics.flatMap((metric) => [metric.label, metric.shortLabel])),
  ];
  const found = ['api', 'domain']
    .flatMap(sources)
    .filter((file) => !declarations.test(file))
    .flatMap((file) => {
      const code = codeOf(file);
      return names.filter((name) => spelled(name).test(code)).map((name) => `${file}: ${name}`);
    });
  expect(found).toEqual([]);
});
