import type { Charge } from './paid-crawling';
import type { ContentPreference } from './content-preferences';
import type { LlmsTxtProblem } from './llms-txt';
import type { PageSignals } from './page-signals';
import type { BotAccess } from '../shared/crawlers';
import type { RobotsRule } from './robots';

/**
 * What each stage (activity) of the site check returns to the workflow. Kept small: these travel
 * through workflow history, so no page bodies, only what the report needs.
 */

interface StageRequests {
  /** Requests this stage made to the site, redirect hops included. */
  requests: number;
}

export interface HomePageResult extends StageRequests {
  requestedUrl: string;
  finalUrl: string;
  status: number;
  redirects: { url: string; status: number }[];
  contentType?: string;
  bytes: number;
  truncated: boolean;
  timeMs: number;
  https: boolean;
  /** For HTML pages only. */
  signals?: PageSignals;
  xRobotsTag?: string;
  /** The IETF aipref `Content-Usage` response header, as sent. */
  contentUsage?: string;
}

export interface RobotsResult extends StageRequests {
  url: string;
  outcome: 'ok' | 'missing' | 'unavailable';
  status?: number;
  reason?: string;
  bytes: number;
  truncated: boolean;
  sitemaps: string[];
  bots: { token: string; access: BotAccess; blockingLine?: number }[];
  /** The rules of the `*` group (capped), for checking sitemap URLs against robots.txt. */
  genericRules: RobotsRule[];
  /** Content-Signal and Content-Usage lines (absent in results recorded before they were read). */
  preferences?: ContentPreference[];
}

export interface SimulatedFetch {
  status: number | null;
  error?: string;
  /** Refused: 401/402/403/429/503 (a 402 that states no price), a challenge page, or no answer, where the browser got through. */
  blocked: boolean;
  challenge: boolean;
  /** Asked to pay, not refused: a 402 with a price (paid-crawling.ts). */
  charged?: Charge;
}

export interface SimulationResult extends StageRequests {
  browser: SimulatedFetch;
  crawlers: (SimulatedFetch & { token: string })[];
  /** The browser itself was refused, so crawler blocks prove nothing about AI crawlers. */
  inconclusive: boolean;
}

export interface AgentFile {
  path: string;
  url: string;
  status: number | null;
  present: boolean;
  contentType?: string;
  bytes: number;
}

/** The home page asked for as `Accept: text/markdown` (Markdown for Agents). */
export interface MarkdownNegotiation {
  url: string;
  status: number | null;
  contentType?: string;
  /** The answer is Markdown, not the HTML page. */
  markdown: boolean;
  bytes: number;
  /** `x-markdown-tokens`, where the server says how many tokens the Markdown holds. */
  tokens?: number;
}

export interface AgentFilesResult extends StageRequests {
  files: AgentFile[];
  /** Absent in results recorded before it was asked. */
  markdown?: MarkdownNegotiation;
  llmsTxt?: {
    url: string;
    valid: boolean;
    title?: string;
    summary?: string;
    sectionCount: number;
    linkCount: number;
    problems: LlmsTxtProblem[];
  };
}

export interface SitemapDocument {
  url: string;
  status: number | null;
  kind: 'urlset' | 'sitemapindex' | 'text' | 'unknown';
  urlCount: number;
  compressed: boolean;
  tooLarge: boolean;
  error?: string;
}

export interface SitemapResult extends StageRequests {
  /** Where the sitemap list came from. */
  source: 'robots' | 'default' | 'none';
  documents: SitemapDocument[];
  urlCount: number;
  sampleUrls: string[];
  newestLastmod?: string;
  newestAgeDays?: number;
  offSite: { count: number; samples: string[] };
  blockedByRobots: { count: number; samples: string[] };
  invalidUrls: number;
  exceedsLimits: boolean;
  /** Child sitemaps listed but not read: the depth or count bound was reached. */
  unread: number;
  errors: string[];
}
