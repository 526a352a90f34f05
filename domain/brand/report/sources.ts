import { compareText } from '../../shared/text';
import { siteHost } from '../../shared/site-host';
import { foldName } from '../reader/names';
import type { BrandAnswer, CitationGap, SourceDomain } from './report-schema';
import type { SourceType } from './source-types';

/**
 * The sites an SEO team acts on (docs/checks/brand.md): which domains the answers cite, whether those
 * answers name the brand or its competitors, and the outreach list: domains cited where competitors
 * are named and the brand never is. Counted over the answers to questions without the brand's name
 * that answered, each domain once an answer. Pure and light: runs in workflow code.
 */

export interface SourceInput {
  answer: BrandAnswer;
  question: string;
}

const MAX_SOURCES = 50;
const MAX_GAPS = 20;
const MAX_GAP_QUESTIONS = 5;

/** The site a URL is on, as the report names it ("www.g2.com/…" → "g2.com"); undefined for what is no http(s) URL. */
export function domainOf(url: string): string | undefined {
  const host = /^https?:\/\/(?:[^/?#@]*@)?([^/?#:]+)/iu.exec(url.trim())?.[1];
  return host ? siteHost(host) : undefined;
}

const onSite = (domain: string, site: string) => domain === site || domain.endsWith(`.${site}`);

export function sourcesOf(
  entries: readonly SourceInput[],
  brandDomain: string | undefined,
  competitors: readonly string[],
  typeOf: (domain: string) => SourceType,
): { sources: SourceDomain[]; citationGaps: CitationGap[] } {
  const competitorByFold = new Map(competitors.map((name) => [foldName(name), name]));
  const site = brandDomain ? siteHost(brandDomain) : undefined;
  const tally = new Map<
    string,
    { answers: number; brandAnswers: number; competitorAnswers: number; competitors: Map<string, number>; questions: string[] }
  >();
  for (const { answer, question } of entries) {
    const named = [...new Set(answer.entities.flatMap((entity) => competitorByFold.get(foldName(entity.name)) ?? []))];
    for (const domain of new Set(answer.citations.flatMap((url) => domainOf(url) ?? []))) {
      const entry = tally.get(domain) ?? {
        answers: 0,
        brandAnswers: 0,
        competitorAnswers: 0,
        competitors: new Map<string, number>(),
        questions: [],
      };
      tally.set(domain, entry);
      entry.answers += 1;
      if (answer.mentioned) entry.brandAnswers += 1;
      if (named.length > 0) {
        entry.competitorAnswers += 1;
        for (const name of named) entry.competitors.set(name, (entry.competitors.get(name) ?? 0) + 1);
        if (!entry.questions.includes(question)) entry.questions.push(question);
      }
    }
  }
  const byAnswers = <T extends { domain: string; answers: number }>(a: T, b: T) => b.answers - a.answers || compareText(a.domain, b.domain);
  const sources = [...tally.entries()]
    .map(([domain, entry]) => ({
      domain,
      type: typeOf(domain),
      answers: entry.answers,
      citesBrand: site !== undefined && onSite(domain, site),
      brandAnswers: entry.brandAnswers,
      competitorAnswers: entry.competitorAnswers,
    }))
    .sort(byAnswers)
    .slice(0, MAX_SOURCES);
  const citationGaps = [...tally.entries()]
    .filter(([domain, entry]) => entry.competitorAnswers > 0 && entry.brandAnswers === 0 && !(site && onSite(domain, site)))
    .map(([domain, entry]) => ({
      domain,
      type: typeOf(domain),
      answers: entry.competitorAnswers,
      competitors: [...entry.competitors.entries()].sort((a, b) => b[1] - a[1] || compareText(a[0], b[0])).map(([name]) => name),
      questions: entry.questions.slice(0, MAX_GAP_QUESTIONS),
    }))
    .sort(byAnswers)
    .slice(0, MAX_GAPS);
  return { sources, citationGaps };
}
