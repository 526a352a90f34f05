import { formatPercent, type Rate } from '../../domain/shared/rate';
import { marketLabel, type StoredMarket } from '../../domain/shared/markets';
import type { MarketDifference } from '../../domain/shared/market-comparison';
import { html, type SafeHtml } from '../html';

/** What the report pages show of markets (docs/DESIGN.md, "Markets"): where the questions were asked from, and markets side by side. */

/** "Asked from Germany, Berlin (de) and Japan (ja)", or nothing for a report without markets. */
export function marketsLine(markets: readonly Pick<StoredMarket, 'country' | 'language' | 'city'>[] | undefined): SafeHtml {
  if (!markets || markets.length === 0) return html``;
  return html`<p class="markets">Asked from ${new Intl.ListFormat('en-GB').format(markets.map(marketLabel))}, each market in its language.</p>`;
}

/** One answer's market and how the platform took it. */
export function answerMarketTag(market: StoredMarket | undefined): SafeHtml {
  if (!market) return html``;
  const how =
    market.appliedAs === 'parameter' ? 'location parameter' : market.appliedAs === 'prompt' ? 'location in the prompt' : 'not asked';
  return html` <span class="tag info" title="${how}">${marketLabel(market)}</span>`;
}

export interface MarketColumn<R> {
  heading: string;
  cell: (row: R) => Rate | number;
}

/** The per-market table and the differences beyond noise, for a report with two markets or more. */
export function marketsSection<R extends { market: Pick<StoredMarket, 'country' | 'language' | 'city'>; answers: number; errors: number }>(
  rows: readonly R[] | undefined,
  differences: readonly MarketDifference[] | undefined,
  columns: readonly MarketColumn<R>[],
): SafeHtml {
  if (!rows || rows.length < 2) return html``;
  const cell = (value: Rate | number) =>
    typeof value === 'number'
      ? html`<td>${formatPercent(value)}</td>`
      : html`<td>${formatPercent(value.value)} <span class="muted">(${formatPercent(value.low)}–${formatPercent(value.high)})</span></td>`;
  return html`<h2>Markets side by side</h2>
<table><thead><tr><th scope="col">Market</th><th scope="col">Answers</th>${columns.map((column) => html`<th scope="col">${column.heading}</th>`)}<th scope="col">Errors</th></tr></thead>
<tbody>${rows.map((row) => html`<tr><th scope="row">${marketLabel(row.market)}</th><td>${row.answers}</td>${columns.map((column) => cell(column.cell(row)))}<td>${row.errors}</td></tr>`)}</tbody></table>
<p class="muted">Rates with their 95% intervals. A difference is named below only when it is beyond noise (the 95% interval of the difference excludes zero).</p>
${differences && differences.length > 0 ? html`<ul>${differences.map((difference) => html`<li>${difference.text}</li>`)}</ul>` : html`<p>No difference between the markets is beyond noise.</p>`}`;
}
