import type { BrandReport } from '../../../domain/brand/report/report-schema';
import { marketLabel } from '../../../domain/shared/markets';
import { html, safeHref, type SafeHtml } from '../../html';
import { rateWithInterval } from '../../pages/market-sections';

/**
 * The product cards of a brand report (docs/checks/brand.md, "Product cards"): per surface and market
 * how often cards were shown and the brand's share of them, the merchants with their prices, and the
 * cards themselves as a table, each distinct card once with how often it was shown.
 */

type Card = NonNullable<BrandReport['answers'][number]['products']>[number];

const money = (amount: number, currency: string | null) =>
  currency ? new Intl.NumberFormat('en-US', { style: 'currency', currency }).format(amount) : amount.toFixed(2);

const priceOf = (card: Card) => (card.price === null ? 'no price shown' : (card.priceText ?? money(card.price, card.currency)));

const range = (low: number | null, high: number | null, currency: string | null) =>
  low === null || high === null
    ? 'no price shown'
    : low === high
      ? money(low, currency)
      : `${money(low, currency)}–${money(high, currency)}`;

export function productsSection(report: BrandReport): SafeHtml {
  const rows = report.productVisibility ?? [];
  // A keyword nobody shops for: no section of empty tables.
  if (!rows.some((row) => row.cards > 0)) return html``;
  const where = (row: (typeof rows)[number]) => (row.market ? `${row.platform} (${marketLabel(row.market)})` : row.platform);
  const merchants = rows.flatMap((row) => [
    ...row.brandMerchants.map((merchant) => ({ row, merchant, whose: `${report.brand}’s` })),
    ...row.competitorMerchants.map((merchant) => ({ row, merchant, whose: 'others’' })),
  ]);
  return html`<h2 id="products">Product cards: what shoppers see</h2>
<p class="muted">Google AI Mode and ChatGPT's app answer shopping questions with product cards. The cards are the answer's first options, in the order shown: a brand named only on a card is named, at its card's rank.</p>
<table class="product-visibility"><thead><tr><th scope="col">Surface</th><th scope="col">Answers with cards</th><th scope="col">${report.brand}’s share of the cards</th><th scope="col">Best position</th><th scope="col">Average position</th></tr></thead>
<tbody>${rows.map(
    (row) =>
      html`<tr><th scope="row">${where(row)}</th>${rateWithInterval(row.cardRate)}${rateWithInterval(row.brandShare)}<td>${row.bestPosition ?? '–'}</td><td>${row.averagePosition ?? '–'}</td></tr>`,
  )}</tbody></table>
${
  merchants.length
    ? html`<h3>Merchants and prices</h3>
<table class="product-merchants"><thead><tr><th scope="col">Surface</th><th scope="col">Merchant</th><th scope="col">Sells</th><th scope="col">Cards</th><th scope="col">Prices</th></tr></thead>
<tbody>${merchants.map(
        ({ row, merchant, whose }) =>
          html`<tr><td>${where(row)}</td><th scope="row">${merchant.merchant}</th><td>${whose}: ${merchant.products.join(', ')}</td><td>${merchant.cards}</td><td>${range(merchant.lowestPrice, merchant.highestPrice, merchant.currency)}</td></tr>`,
      )}</tbody></table>`
    : ''
}
<h3>The cards</h3>
<table class="product-cards"><thead><tr><th scope="col">Surface</th><th scope="col">Position</th><th scope="col">Product</th><th scope="col">Merchant</th><th scope="col">Price</th><th scope="col">Rating (reviews)</th><th scope="col">${report.brand}’s</th><th scope="col">Shown</th></tr></thead>
<tbody>${distinctCards(report).map(
    ({ platform, card, shown }) =>
      html`<tr><td>${platform}</td><td>${card.position}</td><th scope="row">${card.url ? html`<a href="${safeHref(card.url)}" rel="nofollow noopener noreferrer">${card.title}</a>` : card.title}</th><td>${card.merchants ?? card.merchant ?? '–'}</td><td>${priceOf(card)}</td><td>${card.rating === null ? '–' : `${card.rating}${card.reviews === null ? '' : ` (${card.reviews})`}`}</td><td>${card.brand ? 'yes' : ''}</td><td>${shown}</td></tr>`,
  )}</tbody></table>`;
}

/** Each card once per surface and market, where the same product at the same place, merchant and price recurs. */
function distinctCards(report: BrandReport): { platform: string; card: Card; shown: number }[] {
  const seen = new Map<string, { platform: string; card: Card; shown: number }>();
  for (const answer of report.answers) {
    const platform = answer.market ? `${answer.platform} (${marketLabel(answer.market)})` : answer.platform;
    for (const card of answer.products ?? []) {
      const key = JSON.stringify([platform, card.position, card.title, card.merchant, card.price]);
      const entry = seen.get(key);
      if (entry) entry.shown += 1;
      else seen.set(key, { platform, card, shown: 1 });
    }
  }
  return [...seen.values()];
}
