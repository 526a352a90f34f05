import { classifyAnswer } from './answer-classifier';
import type { MemoryStatus, Reputation } from './report';

/** What a site check asks about: the site, under its domain and the brand its name suggests. */
export interface SiteLens {
  kind: 'site';
  domain: string;
  brand: string;
}

export interface SiteVerdict {
  status: Exclude<MemoryStatus, 'error'>;
  reputation: Reputation;
}

export function readSiteAnswer(answer: string, lens: SiteLens): SiteVerdict {
  const { status, reputation } = classifyAnswer({ answer, domain: lens.domain, brand: lens.brand });
  return { status, reputation };
}
