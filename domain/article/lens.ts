import { canonicalUrl, urlsInText } from '../shared/canonical-url';
import { coveredKeyPoints } from './coverage';
import type { KeyPoint } from './key-points';
import { isOnSite } from '../shared/site-host';

/** What an article check looks for in an answer: the article's key points, and a citation of it. */
export interface ArticleLens {
  kind: 'article';
  /** The article's addresses: as given, after redirects, and its rel=canonical. */
  urls: string[];
  domain: string;
  keyPoints: KeyPoint[];
  language?: string;
}

export interface ArticleVerdict {
  coverage: number;
  coveredKeyPoints: string[];
  citesUrl: boolean;
  citesDomain: boolean;
}

export function readArticleAnswer(answer: string, citations: readonly string[], lens: ArticleLens): ArticleVerdict {
  const covered = coveredKeyPoints(answer, lens.keyPoints, lens.language);
  const article = new Set(lens.urls.map(canonicalUrl).filter(Boolean));
  const cited = [...citations.map(canonicalUrl).filter((url): url is string => url !== undefined), ...urlsInText(answer)];
  return {
    coverage: lens.keyPoints.length ? Math.round((covered.length / lens.keyPoints.length) * 1000) / 1000 : 0,
    coveredKeyPoints: covered,
    citesUrl: cited.some((url) => article.has(url)),
    citesDomain: cited.some((url) => isOnSite(url, lens.domain)),
  };
}
