import { canonicalUrl } from '../../shared/canonical-url';
import { compareText } from '../../shared/text';
import { foldName } from '../reader/names';
import { domainOf } from './sources';
import { SOURCE_TYPES, type SourceType } from './source-types';
import type { BrandAnswer } from './report-schema';

/**
 * Two views of the cited sites by their type (docs/checks/brand.md, "Source types"): the shares of
 * citations by type, over all answers, per platform and per market; and the community pages (a
 * thread, a video) cited where competitors are named and the brand is not, the threads to join.
 * Counted over the answers to questions without the brand's name that answered, each cited page
 * once an answer. Pure and light: runs in workflow code.
 */

export interface TypedEntry {
  answer: BrandAnswer;
  question: string;
  /** The market's key ("DE-de"), when the diagnosis has markets. */
  market?: string;
}

export interface SourceTypeShare {
  type: SourceType;
  citations: number;
  share: number;
}

export interface SourceTypeRow {
  platform?: string;
  market?: string;
  citations: number;
  types: SourceTypeShare[];
}

export interface UgcPage {
  url: string;
  domain: string;
  answers: number;
  competitors: string[];
  platforms: string[];
  questions: string[];
}

const MAX_UGC_PAGES = 20;
const MAX_PAGE_QUESTIONS = 5;

/** Each answer's cited pages, each once. */
const pagesOf = (answer: BrandAnswer) => [...new Set(answer.citations.flatMap((url) => canonicalUrl(url) ?? []))];

function row(entries: readonly TypedEntry[], typeOf: (domain: string) => SourceType): Omit<SourceTypeRow, 'platform' | 'market'> {
  const counts = new Map<SourceType, number>();
  for (const { answer } of entries)
    for (const page of pagesOf(answer)) {
      const domain = domainOf(page);
      if (domain) counts.set(typeOf(domain), (counts.get(typeOf(domain)) ?? 0) + 1);
    }
  const citations = [...counts.values()].reduce((sum, count) => sum + count, 0);
  const types = SOURCE_TYPES.flatMap((type) => {
    const count = counts.get(type) ?? 0;
    return count > 0 ? [{ type, citations: count, share: Math.round((count / citations) * 10_000) / 10_000 }] : [];
  }).sort((a, b) => b.citations - a.citations);
  return { citations, types };
}

/** The shares over every answer first, then per platform, then per market. */
export function sourceTypeRows(entries: readonly TypedEntry[], typeOf: (domain: string) => SourceType): SourceTypeRow[] {
  const platforms = [...new Set(entries.map((entry) => entry.answer.platform))];
  const markets = [...new Set(entries.flatMap((entry) => entry.market ?? []))];
  return [
    row(entries, typeOf),
    ...platforms.map((platform) => ({
      platform,
      ...row(
        entries.filter((entry) => entry.answer.platform === platform),
        typeOf,
      ),
    })),
    ...markets.map((market) => ({
      market,
      ...row(
        entries.filter((entry) => entry.market === market),
        typeOf,
      ),
    })),
  ];
}

/** The community pages cited in answers that name a competitor and not the brand, most answers first. */
export function ugcPagesOf(
  entries: readonly TypedEntry[],
  competitors: readonly string[],
  typeOf: (domain: string) => SourceType,
): UgcPage[] {
  const competitorByFold = new Map(competitors.map((name) => [foldName(name), name]));
  const tally = new Map<string, { answers: number; competitors: Map<string, number>; platforms: Set<string>; questions: string[] }>();
  for (const { answer, question } of entries) {
    if (answer.mentioned) continue;
    const named = [...new Set(answer.entities.flatMap((entity) => competitorByFold.get(foldName(entity.name)) ?? []))];
    if (named.length === 0) continue;
    for (const page of pagesOf(answer)) {
      const domain = domainOf(page);
      if (!domain || typeOf(domain) !== 'ugc') continue;
      const entry = tally.get(page) ?? { answers: 0, competitors: new Map<string, number>(), platforms: new Set<string>(), questions: [] };
      tally.set(page, entry);
      entry.answers += 1;
      entry.platforms.add(answer.platform);
      for (const name of named) entry.competitors.set(name, (entry.competitors.get(name) ?? 0) + 1);
      if (!entry.questions.includes(question)) entry.questions.push(question);
    }
  }
  return [...tally.entries()]
    .map(([url, entry]) => ({
      url,
      domain: domainOf(url)!,
      answers: entry.answers,
      competitors: [...entry.competitors.entries()].sort((a, b) => b[1] - a[1] || compareText(a[0], b[0])).map(([name]) => name),
      platforms: [...entry.platforms],
      questions: entry.questions.slice(0, MAX_PAGE_QUESTIONS),
    }))
    .sort((a, b) => b.answers - a.answers || compareText(a.url, b.url))
    .slice(0, MAX_UGC_PAGES);
}
