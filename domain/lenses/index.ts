import type { ArticleLens, ArticleVerdict } from '../article/lens';
import type { BrandLens, BrandVerdict } from '../brand/lens';
import type { SiteLens, SiteVerdict } from '../site/lens';

/** Workflow code imports this file: types and a look at a verdict only; the readers are in read.ts, for the ask activity. */

/** How each kind of check reads an answer: the lens decides the verdict. */
export type Lens = SiteLens | BrandLens | ArticleLens;

interface Verdicts {
  site: SiteVerdict;
  brand: BrandVerdict;
  article: ArticleVerdict;
}
export type Verdict = Verdicts[Lens['kind']];
export type VerdictOf<L extends Lens> = Verdicts[L['kind']];

/** A field only each kind's verdict has. */
const MARKS: { [K in Lens['kind']]: keyof Verdicts[K] } = { site: 'reputation', brand: 'mentioned', article: 'coverage' };

/**
 * Whether a verdict is the one its lens gives. A verdict comes back to the workflow as plain JSON
 * through Temporal, which keeps no type: this is where it gets its type back, by looking.
 */
export function isVerdictOf<L extends Lens>(lens: L, verdict: Verdict): verdict is VerdictOf<L> {
  return MARKS[lens.kind] in verdict;
}
