import type { TrafficReport } from '../../../domain/traffic/report-schema';
import { trafficTotals } from '../../../domain/traffic/totals';
import { inline } from '../../mcp/summaries';

export function trafficSummary(report: TrafficReport, link: string): string {
  const scores = trafficTotals(report);
  return [
    `# AI crawler traffic of ${report.domain}`,
    '',
    `- ${report.lines} log lines (${report.format}), ${report.requests} requests; ${report.unreadable} lines unreadable`,
    `- AI crawler requests: ${scores.verified} verified, ${scores.forged} forged, ${scores.unverifiable} unverifiable`,
    `- Visits sent by AI assistants: ${scores.referrals}`,
    '',
    '| Crawler | Operator | Requests | Verified | Forged | Unverifiable | robots.txt |',
    '|---|---|---|---|---|---|---|',
    ...report.crawlers.map(
      (crawler) =>
        `| ${inline(crawler.name)} | ${inline(crawler.operator)} | ${crawler.requests} | ${crawler.verdicts.verified} | ${crawler.verdicts.forged} | ${crawler.verdicts.unverifiable} | ${crawler.robots ?? '–'} |`,
    ),
    '',
    ...(report.contradictions.length
      ? ['## robots.txt against what happened', ...report.contradictions.map((item) => `- ${inline(item.text)}`), '']
      : []),
    ...(report.referrals.length
      ? [
          '## Visits from AI assistants',
          ...report.referrals.map(
            (referral) =>
              `- ${referral.assistant}: ${referral.visits} (top: ${referral.topPages
                .slice(0, 3)
                .map((page) => inline(page.page))
                .join(', ')})`,
          ),
          '',
        ]
      : []),
    ...(report.signedAgents?.length
      ? [
          '## Signed agents (Web Bot Auth)',
          ...report.signedAgents.map(
            (agent) =>
              `- ${inline(agent.name)}: ${agent.requests} requests, ${agent.verified} verified, ${agent.invalid.total} invalid (${agent.invalid['bad-signature']} forged signatures), ${agent.unverified.total} unverified`,
          ),
          '',
        ]
      : []),
    `Full report: ${link}`,
  ].join('\n');
}
