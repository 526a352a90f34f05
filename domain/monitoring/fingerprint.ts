import { awarenessQuestion } from '../site/memory-result';
import type { KindedReport } from '../check-outcome';
import type { CheckKind } from '../shared/check-kinds';
import { compareText } from '../shared/text';
import { marketKey, type Market } from '../shared/market';

/** What a platform contributes to a run's configuration: its model and whether it searches the web. */
export interface FingerprintPlatform {
  id: string;
  model: string;
  webSearch: boolean;
}

export interface FingerprintParts {
  kind: CheckKind;
  target: unknown;
  questions: string[];
  platforms: FingerprintPlatform[];
  reportVersion: number;
}

/**
 * A run's configuration (kind, target, question set, platforms and models, web search, report
 * version) as 16 hex digits of the SHA-256 (given by the caller: this code stays pure) of its
 * canonical JSON. Two runs compare only when their fingerprints are equal.
 */
export function fingerprint(parts: FingerprintParts, sha256Hex: (text: string) => string): string {
  const canonical = {
    kind: parts.kind,
    target: parts.target,
    questions: [...parts.questions].sort(),
    platforms: [...parts.platforms].sort((a, b) => compareText(a.id, b.id)).map(({ id, model, webSearch }) => [id, model, webSearch]),
    reportVersion: parts.reportVersion,
  };
  return sha256Hex(JSON.stringify(canonical)).slice(0, 16);
}

/** The target and question set a report was made for, as its fingerprint needs them. */
export function reportConfiguration(stored: KindedReport): Pick<FingerprintParts, 'target' | 'questions' | 'reportVersion'> {
  switch (stored.kind) {
    case 'brand': {
      const brand = stored.report;
      const runs = Math.max(1, ...brand.answers.map((answer) => answer.run));
      const given = brand.competitors
        .filter((competitor) => !competitor.discovered)
        .map((competitor) => competitor.name.toLowerCase())
        .sort();
      return {
        // Markets join the target only when set, so runs from before markets keep their fingerprints.
        target: {
          keyword: brand.keyword.toLowerCase(),
          brand: brand.brand.toLowerCase(),
          domain: brand.domain ?? null,
          aliases: [...brand.aliases].sort(),
          // Only when listed, so runs from before product cards keep their fingerprints.
          ...(brand.products?.length ? { products: [...brand.products].sort() } : {}),
          competitors: given,
          runs,
          ...marketsOfTarget(brand.markets),
        },
        questions: brand.questions.map((question) => question.text),
        reportVersion: brand.version,
      };
    }
    case 'article': {
      const article = stored.report;
      return {
        target: { url: article.url, ...marketsOfTarget(article.markets) },
        questions: article.questions.map((question) => question.text),
        reportVersion: article.version,
      };
    }
    case 'site': {
      const site = stored.report;
      return { target: { domain: site.domain }, questions: [awarenessQuestion(site.domain)], reportVersion: site.version };
    }
    case 'traffic':
      return { target: { domain: stored.report.domain }, questions: [], reportVersion: stored.report.version };
  }
}

/** A report's markets as part of its target: two runs in different markets never compare. */
function marketsOfTarget(markets: readonly Market[] | undefined): { markets?: string[] } {
  return markets && markets.length > 0 ? { markets: markets.map(marketKey) } : {};
}
