import { CRAWLERS } from '../shared/crawlers';
import type { SimulationResult } from './stage-results';

/**
 * What the site check says of crawlers asked to pay (docs/checks/site.md, "Paid crawling"): who is
 * charged what, and what being read then costs. A user-action fetcher (ChatGPT-User, Claude-User,
 * Perplexity-User) fetches while a person waits for an answer: charged, that person's question goes
 * unanswered from this site unless the assistant pays.
 */
const list = (items: readonly string[]) => items.join(', ');

export function chargedSentence(simulation: SimulationResult): { detail: string; fix: string } | undefined {
  const charged = simulation.crawlers.filter((crawler) => crawler.charged);
  if (charged.length === 0) return undefined;
  const purposeOf = (token: string) => CRAWLERS.find((crawler) => crawler.token === token)?.purpose;
  const named = (entries: typeof charged) => list(entries.map((entry) => `${entry.token} (${entry.charged!.price})`));
  const fetchers = charged.filter((entry) => purposeOf(entry.token) === 'user');
  const crawlers = charged.filter((entry) => purposeOf(entry.token) !== 'user');
  const schemes = [...new Set(charged.map((entry) => (entry.charged!.scheme === 'x402' ? 'x402' : 'pay per crawl')))];
  const parts = [
    crawlers.length ? `${list(schemes)} charges ${named(crawlers)} per page` : '',
    fetchers.length
      ? `${crawlers.length ? 'and' : `${list(schemes)} charges`} the fetchers that read a page while a person waits for an answer, ${named(fetchers)}: unless the assistant pays, that person's question goes unanswered from this site`
      : '',
  ].filter(Boolean);
  const prices = [...new Set(charged.map((entry) => entry.charged!.price))];
  return {
    detail: `The site answers 402 Payment Required: ${parts.join(' ')}.`,
    fix: `Being read costs each AI crawler ${list(prices)} per page, every time it fetches one; crawlers that will not pay leave you out of their answers. If you want to be cited, exempt the search crawlers and the user-action fetchers (ChatGPT-User, Claude-User, Perplexity-User) from the charge, and keep charging the training crawlers if you wish.`,
  };
}
