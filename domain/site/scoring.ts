import type { CheckFinding } from './checks';
import type { Advice, CheckStatus, Issue, MemoryResult } from './report';
import { isOnSite } from '../shared/site-host';

/**
 * The three scores, the issues and the advice. Documented in docs/checks/site.md ("How scores are computed");
 * change both together.
 */

export const CRAWLER_SHARE = 0.4;
export const MEMORY_SHARE = 0.6;

const CHECK_VALUE: Record<Exclude<CheckStatus, 'info'>, number> = { pass: 1, warn: 0.5, fail: 0 };

/** 0–100: weighted share of the infrastructure checks that pass (warn counts half, info not at all). */
export function crawlerScore(checks: readonly CheckFinding[]): number {
  const counted = checks.filter((check) => check.status !== 'info' && check.weight > 0);
  const totalWeight = counted.reduce((sum, check) => sum + check.weight, 0);
  if (totalWeight === 0) return 0;
  const earned = counted.reduce((sum, check) => sum + check.weight * CHECK_VALUE[check.status as Exclude<CheckStatus, 'info'>], 0);
  return round(100 * (earned / totalWeight));
}

const REPUTATION_POINTS = { positive: 25, neutral: 15, unknown: 15, negative: -20 } as const;
const KNOWN_BASE = 60;
const CITES_SITE_BONUS = 15;

/**
 * One platform's awareness, 0–100: unknown is 0; known is 60, plus 25 for a positive reputation
 * (15 neutral, −20 negative), plus 15 when the answer cites a page of the site.
 */
export function platformScore(result: MemoryResult, domain: string): number {
  if (result.status !== 'known') return 0;
  const citesSite = result.citations.some((url) => isOnSite(url, domain));
  return clamp(KNOWN_BASE + REPUTATION_POINTS[result.reputation] + (citesSite ? CITES_SITE_BONUS : 0));
}

/** 0–100: the mean platform score over the platforms that answered (errors are left out). */
export function memoryScore(memory: readonly MemoryResult[], domain: string): number {
  const answered = memory.filter((result) => result.status !== 'error');
  if (answered.length === 0) return 0;
  return round(answered.reduce((sum, result) => sum + platformScore(result, domain), 0) / answered.length);
}

export function totalScore(crawler: number, memory: number): number {
  return round(CRAWLER_SHARE * crawler + MEMORY_SHARE * memory);
}

/** Every problem with its fix, critical first; platform findings after the checks of the same level. */
export function collectIssues(checks: readonly CheckFinding[], memory: readonly MemoryResult[], domain: string): Issue[] {
  const issues: Issue[] = checks
    .filter((check) => (check.status === 'fail' || check.status === 'warn') && check.fix)
    .map((check) => ({ level: check.status === 'fail' ? 'critical' : 'warning', text: check.detail, fix: check.fix!, checkId: check.id }));

  const unknownTo = memory.filter((result) => result.status === 'unknown').map((result) => result.platform);
  const answered = memory.filter((result) => result.status !== 'error');
  if (unknownTo.length > 0) {
    issues.push({
      level: unknownTo.length === answered.length ? 'critical' : 'warning',
      text: `${unknownTo.join(', ')} ${unknownTo.length === 1 ? 'does' : 'do'} not know ${domain}.`,
      fix: 'Publish a clear About page and consistent descriptions of what you offer, and earn mentions on sites AI assistants cite (reviews, directories, press, Wikipedia where notable).',
    });
  }
  const negative = memory.filter((result) => result.reputation === 'negative').map((result) => result.platform);
  if (negative.length > 0) {
    issues.push({
      level: 'critical',
      text: `${negative.join(', ')} describe${negative.length === 1 ? 's' : ''} ${domain} negatively.`,
      fix: 'Read what they say, answer the complaints publicly, and publish verifiable facts (policies, reviews, contact details) that correct it.',
    });
  }
  if (answered.length === 0 && memory.length > 0) {
    issues.push({
      level: 'warning',
      text: 'No AI platform could be asked this time, so AI awareness is scored 0.',
      fix: 'Run the check again later; if it persists, the service operator must configure the platforms.',
    });
  }
  const order = { critical: 0, warning: 1 } as const;
  return issues
    .map((issue, index) => ({ issue, index }))
    .sort((a, b) => order[a.issue.level] - order[b.issue.level] || a.index - b.index)
    .map(({ issue }) => issue);
}

/**
 * The three to five actions that would raise the total score most, estimated from the weights:
 * a check brought to pass gains its share of the crawler score; a platform that learns the site
 * gains its share of the memory score.
 */
export function advise(checks: readonly CheckFinding[], memory: readonly MemoryResult[], domain: string): Advice[] {
  const counted = checks.filter((check) => check.status !== 'info' && check.weight > 0);
  const totalWeight = counted.reduce((sum, check) => sum + check.weight, 0) || 1;
  const advice: Advice[] = counted
    .filter((check) => check.status !== 'pass' && check.fix)
    .map((check) => ({
      action: check.fix!,
      why: check.detail,
      gain: round((100 * CRAWLER_SHARE * (check.weight * (1 - CHECK_VALUE[check.status as Exclude<CheckStatus, 'info'>]))) / totalWeight),
      checkId: check.id,
    }));

  const answered = memory.filter((result) => result.status !== 'error');
  const unknown = answered.filter((result) => result.status === 'unknown');
  if (unknown.length > 0) {
    advice.push({
      action: `Get known by ${unknown.map((result) => result.platform).join(', ')}: publish an About page, consistent brand descriptions and earn citations on sites those assistants trust.`,
      why: `${unknown.length} of ${answered.length} platforms do not know ${domain}.`,
      gain: round((100 * MEMORY_SHARE * unknown.length * (KNOWN_BASE + REPUTATION_POINTS.neutral)) / 100 / answered.length),
    });
  }
  const uncited = answered.filter((result) => result.status === 'known' && !result.citations.some((url) => isOnSite(url, domain)));
  if (uncited.length > 0) {
    advice.push({
      action:
        "Give AI assistants pages worth citing: answer your customers' common questions on dedicated, crawlable pages with clear headings.",
      why: `${uncited.map((result) => result.platform).join(', ')} know the site but cite none of its pages.`,
      gain: round((MEMORY_SHARE * uncited.length * CITES_SITE_BONUS) / answered.length),
    });
  }
  return advice
    .filter((item) => item.gain > 0)
    .sort((a, b) => b.gain - a.gain)
    .slice(0, 5);
}

function clamp(value: number): number {
  return Math.max(0, Math.min(100, value));
}

function round(value: number): number {
  return Math.round(value * 10) / 10;
}
