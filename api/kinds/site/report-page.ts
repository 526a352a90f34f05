import { minuteOf } from '../../wording';
import type { Bot, Report } from '../../../domain/site/report';
import { html, safeHref, type SafeHtml } from '../../html';
import { renderMarkdown } from '../../markdown';
import { costNote, provenanceLine } from '../../pages/answer-provenance';
import { downloadCsv, layout } from '../../pages/layout';
import { monitorThisHref } from '../../pages/monitor-form-page';
import { headlineText } from '../../../domain/shared/metric';
import { SITE_METRICS } from '../../../domain/site/metrics';

/** Every string that came from a site or a platform goes through `html`, which escapes it. */

const ACCESS_WORDS: Record<Bot['access'], string> = { allowed: 'allowed', partial: 'partly allowed', blocked: 'blocked', none: 'no rules' };

function gauge(label: string, value: number, explanation: string): SafeHtml {
  return html`<div class="score">
  <span>${label}</span>
  <strong>${Math.round(value)}<span class="muted">/100</span></strong>
  <div class="bar" role="meter" aria-label="${label}" aria-valuemin="0" aria-valuemax="100" aria-valuenow="${Math.round(value)}"><span style="width:${Math.max(0, Math.min(100, value))}%"></span></div>
  <small class="muted">${explanation}</small>
</div>`;
}

const tag = (word: string, className = word) => html`<span class="tag ${className}">${word}</span>`;

function issuesSection(report: Report): SafeHtml {
  if (report.issues.length === 0) return html`<h2>Issues</h2><p>No problems found.</p>`;
  return html`<h2>Issues and fixes</h2>
${report.issues.map(
  (issue) => html`<div class="issue ${issue.level}">${tag(issue.level)}<p>${issue.text}</p><p><strong>Fix:</strong> ${issue.fix}</p></div>`,
)}`;
}

function advisorSection(report: Report): SafeHtml {
  if (!report.advisor?.length) return html``;
  return html`<h2>What would raise the score most</h2>
<ol>${report.advisor.map((advice) => html`<li><strong>${advice.action}</strong> <span class="muted">(+${advice.gain} points: ${advice.why})</span></li>`)}</ol>`;
}

function crawlersSection(report: Report): SafeHtml {
  const operators = [...new Set(report.bots.map((bot) => bot.operator))];
  return html`<h2>AI crawlers (robots.txt and simulation)</h2>
<table>
<thead><tr><th scope="col">Operator</th><th scope="col">Crawler</th><th scope="col">Purpose</th><th scope="col">robots.txt</th><th scope="col">Fetched as this crawler</th></tr></thead>
<tbody>${operators.map((operator) =>
    report.bots
      .filter((bot) => bot.operator === operator)
      .map(
        (bot, index) =>
          html`<tr>${index === 0 ? html`<th scope="row">${operator}</th>` : html`<td></td>`}<td>${bot.name} <code>${bot.token}</code></td><td>${bot.role}</td><td>${tag(ACCESS_WORDS[bot.access], bot.access)}</td><td>${
            bot.simulated
              ? bot.simulated.blocked
                ? tag(`refused (${bot.simulated.status ?? 'no answer'})`, 'blocked')
                : bot.simulated.charged
                  ? tag(`charged ${bot.simulated.charged.price} (${bot.simulated.status})`, 'partial')
                  : tag(`ok (${bot.simulated.status})`, 'allowed')
              : html`<span class="muted">not tried</span>`
          }</td></tr>`,
      ),
  )}</tbody>
</table>`;
}

function platformsSection(report: Report): SafeHtml {
  return html`<h2>What AI assistants say</h2>
${report.memory.map(
  (entry) => html`<section>
  <h3>${entry.platform} ${tag(entry.status === 'error' ? 'error' : entry.status, entry.status)} ${entry.status === 'known' ? tag(`reputation: ${entry.reputation}`, entry.reputation) : ''}</h3>
  ${entry.status === 'error' ? html`<p class="muted">${entry.error}</p>` : html`<div class="answer">${renderMarkdown(entry.answer)}</div>`}
  ${entry.citations.length ? html`<p>Cites: ${entry.citations.map((url) => html`<a href="${safeHref(url)}" rel="nofollow noopener noreferrer">${url}</a> `)}</p>` : ''}
  ${provenanceLine(entry)}
</section>`,
)}`;
}

function checksSection(report: Report): SafeHtml {
  return html`<h2>Infrastructure checks</h2>
<table><thead><tr><th scope="col">Check</th><th scope="col">Result</th><th scope="col">Detail</th></tr></thead>
<tbody>${report.checks.map((check) => html`<tr><td>${check.name}</td><td>${tag(check.status)}</td><td>${check.detail}</td></tr>`)}</tbody></table>`;
}

function associationsSection(report: Report): SafeHtml {
  const keywords = report.keywords?.length
    ? html`<p>${report.keywords.map((keyword) => html`<span class="tag info">${keyword.keyword} ×${keyword.count}</span> `)}</p>`
    : html`<p class="muted">Not enough answers to tell.</p>`;
  const sources = report.sources?.length
    ? html`<table><thead><tr><th scope="col">Source</th><th scope="col">Platforms</th></tr></thead><tbody>${report.sources.map(
        (source) =>
          html`<tr><td><a href="${safeHref(source.url)}" rel="nofollow noopener noreferrer">${source.url}</a></td><td>${source.platforms.join(', ')}</td></tr>`,
      )}</tbody></table>`
    : html`<p class="muted">No sources were cited.</p>`;
  const cited = report.citedPages?.length
    ? html`<ul>${report.citedPages.map((page) => html`<li><a href="${safeHref(page.url)}" rel="nofollow noopener noreferrer">${page.title || page.url}</a> <span class="muted">(${page.platforms.join(', ')})</span></li>`)}</ul>`
    : html`<p class="muted">None of the site's pages was cited.</p>`;
  return html`<h2>What AI associates with the site</h2>${keywords}
<h2>Sources AI assistants cite</h2>${sources}
<h2>Pages of the site they cite</h2>${cited}`;
}

function pageSection(report: Report): SafeHtml {
  const signals = report.pageSignals;
  if (!signals) return html``;
  return html`<h2>Home page signals</h2>
<table><tbody>
<tr><th scope="row">Title</th><td>${signals.title ?? '(none)'}</td></tr>
<tr><th scope="row">Description</th><td>${signals.metaDescription ?? '(none)'}</td></tr>
<tr><th scope="row">Language</th><td>${signals.lang ?? '(not declared)'}</td></tr>
<tr><th scope="row">Readable text in the HTML</th><td>${signals.text.words} words${signals.jsOnly ? ' — the content needs JavaScript' : ''}</td></tr>
<tr><th scope="row">Structured data</th><td>${signals.jsonLd.types.join(', ') || '(none)'}</td></tr>
<tr><th scope="row">Robots directives</th><td>${signals.robots.sources.join('; ') || '(none)'}</td></tr>
</tbody></table>`;
}

export function reportPage(
  report: Report,
  meta: { snapshotUrl: string; csvUrl: string; createdAt: Date; publicBaseUrl: string },
): SafeHtml {
  const checkedOn = minuteOf(meta.createdAt.toISOString());
  const body = html`<p class="no-print"><a href="/">Check another site</a> · <a class="monitor-this" href="${monitorThisHref('site', { url: report.domain })}">Monitor this</a></p>
<h1>AI visibility of ${report.domain}</h1>
<p class="muted">Checked on <time datetime="${meta.createdAt.toISOString()}">${checkedOn} UTC</time> · permanent link: <a href="${meta.snapshotUrl}">${meta.snapshotUrl}</a> · ${downloadCsv(meta.csvUrl)}${costNote(report.costUsd, report.memory.length)}</p>
<div class="scores">
${SITE_METRICS.map((metric) => gauge(metric.label, metric.read(report), metric.description))}
</div>
${issuesSection(report)}
${advisorSection(report)}
${platformsSection(report)}
${crawlersSection(report)}
${checksSection(report)}
${associationsSection(report)}
${pageSection(report)}`;
  return layout(
    {
      title: `AI visibility of ${report.domain}: ${Math.round(report.totalScore)}/100`,
      description: `${headlineText(SITE_METRICS, report, ', ')}. ${report.issues.length} issue(s) with fixes.`,
      url: `${meta.publicBaseUrl}${meta.snapshotUrl}`,
    },
    body,
  );
}
