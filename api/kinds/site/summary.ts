import type { Report } from '../../../domain/site/report';
import { SITE_METRICS } from '../../../domain/site/metrics';
import { inline, metricLines } from '../../mcp/summaries';

const score = (value: number) => `${Math.round(value)}/100`;

export function siteSummary(report: Report, link: string): string {
  const platforms = report.memory.map(
    (entry) =>
      `${entry.platform}: ${entry.status === 'known' ? `knows the site (reputation ${entry.reputation})` : entry.status === 'unknown' ? 'does not know the site' : `no answer (${inline(entry.error ?? 'error')})`}`,
  );
  const issues = report.issues
    .slice(0, 5)
    .map((issue, index) => `${index + 1}. **${issue.level}**: ${inline(issue.text)} Fix: ${inline(issue.fix)}`);
  const blocked = report.bots.filter((bot) => bot.access === 'blocked').map((bot) => bot.token);
  return [
    `# AI visibility of ${report.domain}: ${score(report.totalScore)}`,
    '',
    ...metricLines(SITE_METRICS, report),
    `- AI crawlers blocked by robots.txt: ${blocked.length ? blocked.join(', ') : 'none'} (of ${report.bots.length})`,
    `- Checked: ${report.createdAt}`,
    '',
    '## Top issues',
    ...(issues.length ? issues : ['No problems found.']),
    '',
    '## What AI platforms say',
    ...platforms.map((line) => `- ${line}`),
    '',
    `Full report: ${link}`,
  ].join('\n');
}
