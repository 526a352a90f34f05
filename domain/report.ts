import type { CrawlerPurpose, CrawlerRole } from './crawlers';
import type { BotAccess } from './robots';
import type { AgentFilesResult, HomePageResult, SitemapResult } from './stage-results';
import type { PageSignals } from './page-signals';
import type { RetrievalSummary } from './retrieval';

/**
 * The report of one site check: SPEC.md's fields with DESIGN.md's element shapes.
 * Bump REPORT_VERSION when a field changes meaning, so clients and the snapshot page can tell.
 */
export const REPORT_VERSION = 1;

export type CheckStatus = 'pass' | 'warn' | 'fail' | 'info';
export type CheckCategory = 'robots' | 'crawlers' | 'llms' | 'sitemap' | 'page' | 'retrieval' | 'agents';

export interface Check {
  id: string;
  name: string;
  status: CheckStatus;
  category: CheckCategory;
  /** One sentence a site owner understands. */
  detail: string;
}

export interface Bot {
  token: string;
  name: string;
  operator: string;
  purpose: CrawlerPurpose;
  role: CrawlerRole;
  access: BotAccess;
  /** Where this crawler's User-Agent was tried against the home page. */
  simulated?: { status: number | null; blocked: boolean };
}

export type MemoryStatus = 'known' | 'unknown' | 'error';
export type Reputation = 'positive' | 'neutral' | 'negative' | 'unknown';

export interface MemoryResult {
  platform: string;
  status: MemoryStatus;
  answer: string;
  reputation: Reputation;
  citations: string[];
  model: string;
  latencyMs: number;
  error?: string;
}

export interface Issue {
  level: 'critical' | 'warning';
  text: string;
  fix: string;
  checkId?: string;
}

export interface Keyword {
  keyword: string;
  count: number;
  platforms: string[];
}

export interface Source {
  url: string;
  domain: string;
  count: number;
  platforms: string[];
}

export interface CitedPage {
  url: string;
  title: string;
  count: number;
  platforms: string[];
}

export interface Advice {
  action: string;
  why: string;
  /** Points the total score would gain, estimated from the scoring weights. */
  gain: number;
  checkId?: string;
}

export interface Report {
  version: number;
  domain: string;
  createdAt: string;
  durationMs: number;
  totalScore: number;
  crawlerScore: number;
  memoryScore: number;
  checks: Check[];
  bots: Bot[];
  memory: MemoryResult[];
  issues: Issue[];
  keywords?: Keyword[];
  sources?: Source[];
  citedPages?: CitedPage[];
  pageSignals?: PageSignals;
  agentFiles?: AgentFilesResult;
  retrieval?: RetrievalSummary;
  advisor?: Advice[];
  home: HomePageResult;
  sitemap?: SitemapResult;
  /** Requests made to the checked site, per stage; bounded (see README). */
  requests: { total: number; byStage: Record<string, number> };
}
