import { snapshotPath } from '../../../contract/paths';
import { dayOf, minuteOf } from '../../wording';
import type { TrafficReport } from '../../../domain/traffic/report-schema';
import { trafficTotals } from '../../../domain/traffic/totals';
import { html, type SafeHtml } from '../../html';
import { downloadCsv, layout } from '../../pages/layout';
import { signedAgentsSection } from './signed-agents-section';

/** Every string that came from the log (paths, landing pages) goes through `html`, which escapes it. */

const VERDICT_WORDS = { verified: 'verified', forged: 'forged', unverifiable: 'unverifiable' } as const;
const ROBOTS_WORDS = {
  allowed: 'allows it',
  partial: 'allows part of the site',
  blocked: 'blocks it',
  none: 'names no rule for it',
} as const;
const number = (value: number) => value.toLocaleString('en-US');

function robotsSource(report: TrafficReport): SafeHtml {
  const { robots } = report;
  // robots.txt nobody could read gives no crawler a verdict (activities/traffic-robots.ts): the page says so.
  if (robots.source === 'site-check') {
    const check = html`<a href="${snapshotPath(robots.snapshotId)}">site check of ${dayOf(robots.checkedAt)}</a>`;
    if (robots.outcome === 'unavailable') return html`No robots.txt verdicts: the ${check} could not read robots.txt`;
    if (robots.outcome === 'not-checked') return html`No robots.txt verdicts: the ${check} could not check robots.txt`;
    return html`robots.txt verdicts from the ${check}`;
  }
  return robots.outcome === 'unavailable'
    ? html`No robots.txt verdicts: robots.txt could not be read during this check`
    : html`robots.txt verdicts read during this check (${robots.outcome === 'ok' ? 'robots.txt found' : 'no robots.txt: everything allowed'})`;
}

function crawlerRows(report: TrafficReport): SafeHtml {
  return html`${report.crawlers.map(
    (crawler) => html`<tr><th scope="row">${crawler.name}<br><small class="muted">${crawler.operator} · ${crawler.token}</small></th>
<td>${number(crawler.requests)}</td><td>${number(crawler.verdicts.verified)}</td><td>${crawler.verdicts.forged ? html`<span class="tag fail">${number(crawler.verdicts.forged)}</span>` : '0'}</td><td>${number(crawler.verdicts.unverifiable)}</td>
<td>${number(crawler.statusClasses.verified['2xx'] + crawler.statusClasses.unverifiable['2xx'])} / ${number(crawler.statusClasses.verified['4xx'] + crawler.statusClasses.unverifiable['4xx'])} / ${number(crawler.statusClasses.verified['5xx'] + crawler.statusClasses.unverifiable['5xx'])}</td>
<td>${number(crawler.distinctPages)}</td><td>${crawler.robots ? ROBOTS_WORDS[crawler.robots] : html`<span class="muted">–</span>`}</td>
<td><small>${crawler.firstSeen ? dayOf(crawler.firstSeen) : '–'} – ${crawler.lastSeen ? dayOf(crawler.lastSeen) : '–'}</small></td></tr>`,
  )}`;
}

function crawlerDetails(report: TrafficReport): SafeHtml {
  return html`${report.crawlers.map(
    (crawler) => html`<details><summary><strong>${crawler.name}</strong>: ${number(crawler.requests)} requests</summary>
${crawler.topPages.length ? html`<p>Top pages: ${crawler.topPages.map((page) => html`<code>${page.path}</code> (${number(page.requests)}) `)}</p>` : ''}
${crawler.forgedNetworks.length ? html`<p>Forged from: ${crawler.forgedNetworks.map((network) => html`<code>${network.network}</code> (${number(network.requests)}) `)}</p>` : ''}
</details>`,
  )}`;
}

function referralsSection(report: TrafficReport): SafeHtml {
  if (report.referrals.length === 0)
    return html`<h2>Visits from AI assistants</h2><p class="muted">No visit in this log came from an AI assistant (by Referer or utm_source).</p>`;
  return html`<h2>Visits from AI assistants</h2>
<table><thead><tr><th scope="col">Assistant</th><th scope="col">Visits</th><th scope="col">Top landing pages</th><th scope="col">Days</th></tr></thead>
<tbody>${report.referrals.map(
    (referral) =>
      html`<tr><th scope="row">${referral.assistant}</th><td>${number(referral.visits)}</td><td>${referral.topPages.slice(0, 5).map((page) => html`<code>${page.page}</code> (${number(page.visits)}) `)}</td><td><small>${referral.days.map((day) => `${day.day}: ${day.visits}`).join(', ')}</small></td></tr>`,
  )}</tbody></table>`;
}

export function trafficReportPage(
  report: TrafficReport,
  meta: { snapshotUrl: string; csvUrl: string; createdAt: Date; publicBaseUrl: string },
): SafeHtml {
  const checkedOn = minuteOf(meta.createdAt.toISOString());
  const totals = trafficTotals(report);
  const title = `AI crawler traffic of ${report.domain}`;
  const body = html`<p class="no-print"><a href="/">Run another check</a></p>
<h1>${title}</h1>
<p class="muted">${number(report.lines)} log lines (${report.format}) · ${number(report.requests)} requests · checked on <time datetime="${meta.createdAt.toISOString()}">${checkedOn} UTC</time> · permanent link: <a href="${meta.snapshotUrl}">${meta.snapshotUrl}</a> · ${downloadCsv(meta.csvUrl)} · ${robotsSource(report)}</p>
<p>AI crawlers made <strong>${number(totals.verified + totals.forged + totals.unverifiable)}</strong> requests: ${(Object.keys(VERDICT_WORDS) as (keyof typeof VERDICT_WORDS)[]).map((verdict) => html`<span class="tag ${verdict === 'forged' ? 'fail' : verdict === 'verified' ? 'pass' : 'info'}">${number(totals[verdict])} ${VERDICT_WORDS[verdict]}</span> `)}</p>
${report.rangesUnavailable ? html`<p class="warn" role="note">The published IP ranges of ${report.rangesUnavailable.operators.join(', ')} could not be fetched (${report.rangesUnavailable.reason}): their crawlers' requests that only those ranges could verify are counted unverifiable.</p>` : ''}
${report.unreadable ? html`<p class="warn" role="note">${number(report.unreadable)} lines could not be read as ${report.format} (first at line ${report.unreadableAt.join(', ')}); they are left out of the counts.</p>` : ''}
${report.contradictions.length ? html`<h2>robots.txt against what happened</h2><ul>${report.contradictions.map((item) => html`<li class="issue ${item.kind === 'refused' ? 'warn' : 'fail'}">${item.text}</li>`)}</ul>` : ''}
<h2>Crawlers</h2>
<p class="muted">Verified: the address is in the vendor's published ranges, or its reverse DNS is the vendor's and resolves back. Forged: the vendor publishes ranges or host names and the address matches neither. Unverifiable: the vendor publishes nothing to check against. Forged requests are counted by network (/24, /48); no address is kept.</p>
<table><thead><tr><th scope="col">Crawler</th><th scope="col">Requests</th><th scope="col">Verified</th><th scope="col">Forged</th><th scope="col">Unverifiable</th><th scope="col">2xx / 4xx / 5xx (not forged)</th><th scope="col">Pages</th><th scope="col">robots.txt</th><th scope="col">Seen</th></tr></thead>
<tbody>${crawlerRows(report)}</tbody></table>
${crawlerDetails(report)}
${referralsSection(report)}
${signedAgentsSection(report)}
<h2>Ranges used</h2>
<p class="muted"><small>${report.ranges.map((range) => `${range.id} (${range.creationTime ?? 'undated'})`).join(' · ') || 'No vendor range file was available: requests of crawlers verified by ranges are unverifiable.'}</small></p>`;
  return layout(
    {
      title,
      description: `${number(totals.verified)} verified, ${number(totals.forged)} forged and ${number(totals.unverifiable)} unverifiable AI crawler requests; ${report.referrals.reduce((sum, referral) => sum + referral.visits, 0)} visits from AI assistants.`,
      url: `${meta.publicBaseUrl}${meta.snapshotUrl}`,
    },
    body,
  );
}
