import { formatPercent, type Rate } from '../../domain/shared/rate';
import { marketLabel, type StoredMarket } from '../../domain/shared/markets';
import type { MarketDifference } from '../../domain/shared/market-comparison';
import { html, type SafeHtml } from '../html';

/** What the report pages show of markets (docs/markets.md#reports): where the questions were asked from, and markets side by side. */

/** "Asked from Germany, Berlin (de) and Japan (ja)", or nothing for a report without markets. */
export function marketsLine(markets: readonly Pick<StoredMarket, 'country' | 'language' | 'city'>[] | undefined): SafeHtml {
  if (!markets || markets.length === 0) return html``;
  return html`<p class="markets">Asked from ${new Intl.ListFormat('en-GB').format(markets.map(marketLabel))}, each market in its language${markets.length > 1 ? html`: <a href="#markets">markets side by side</a>` : ''}.</p>`;
}

/** One answer's market and how the platform took it. */
export function answerMarketTag(market: StoredMarket | undefined): SafeHtml {
  if (!market) return html``;
  const how =
    market.appliedAs === 'parameter' ? 'location parameter' : market.appliedAs === 'prompt' ? 'location in the prompt' : 'not asked';
  return html` <span class="tag info" title="${how}">${marketLabel(market)}</span>`;
}

/** A rate as the comparison tables show it: the value, then its 95% interval and what it counts. */
export function rateWithInterval(rate: Rate | number, marks: SafeHtml = html``): SafeHtml {
  return typeof rate === 'number'
    ? html`<td>${formatPercent(rate)}${marks}</td>`
    : html`<td>${formatPercent(rate.value)} <span class="muted">(${formatPercent(rate.low)}–${formatPercent(rate.high)}; ${rate.count}/${rate.total})</span>${marks}</td>`;
}

/** A column of the markets' table: its heading and the row's field (a rate, or an average share), as marketDifferences names it. */
export interface MarketColumn<R> {
  heading: string;
  metric: { [K in keyof R]: R[K] extends Rate | number ? K : never }[keyof R] & string;
}

type MarketRow = { market: Pick<StoredMarket, 'country' | 'language' | 'city'>; answers: number; errors: number };

/**
 * The per-market table and its verdict, for a report with two markets or more: each rate with its
 * interval, marked "higher" or "lower" where it differs from another market's beyond noise.
 */
export function marketsSection<R extends MarketRow>(
  rows: readonly R[] | undefined,
  differences: readonly MarketDifference[] | undefined,
  columns: readonly MarketColumn<R>[],
): SafeHtml {
  if (!rows || rows.length < 2) return html``;
  const found = differences ?? [];
  const marks = (row: R, metric: string) => {
    const label = marketLabel(row.market);
    const against = (side: 'higher' | 'lower') =>
      found
        .filter((difference) => difference.metric === metric && difference[side] === label)
        .map((difference) => difference[side === 'higher' ? 'lower' : 'higher']);
    const above = against('higher');
    const below = against('lower');
    return html`${above.length ? html` <span class="tag pass" title="beyond noise, against ${above.join(', ')}">higher</span>` : ''}${below.length ? html` <span class="tag fail" title="beyond noise, against ${below.join(', ')}">lower</span>` : ''}`;
  };
  return html`<h2 id="markets">Markets side by side</h2>
<p><strong>${found.length === 0 ? 'No difference between the markets is beyond noise: read them as the same.' : `${found.length} difference${found.length > 1 ? 's' : ''} between the markets beyond noise:`}</strong></p>
${found.length > 0 ? html`<ul>${found.map((difference) => html`<li>${difference.text}</li>`)}</ul>` : ''}
<table class="markets"><thead><tr><th scope="col">Market</th><th scope="col">Answers</th>${columns.map((column) => html`<th scope="col">${column.heading}</th>`)}<th scope="col">Errors</th></tr></thead>
<tbody>${rows.map((row) => html`<tr><th scope="row">${marketLabel(row.market)}</th><td>${row.answers}</td>${columns.map((column) => rateWithInterval(row[column.metric] as Rate | number, marks(row, column.metric)))}<td>${row.errors}</td></tr>`)}</tbody></table>
<p class="muted">Each rate with its 95% interval and what it counts. “Higher” and “lower” mark a difference beyond noise: the 95% interval of the difference excludes zero.</p>`;
}
