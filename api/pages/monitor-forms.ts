import type { MonitorKind } from '../../domain/shared/check-kinds';
import { html, type SafeHtml } from '../html';
import { MARKET_FIELDS } from './market-picker';

/** What the monitor form knows of a kind that can be monitored; a kind missing here fails to compile. */
export interface MonitorForm {
  /** The target (the body of the kind's endpoint) read from a form's or a link's fields; validation is the API schema's. */
  target: (fields: Record<string, unknown>) => Record<string, unknown>;
  /** The form's inputs for the target, filled with `value(field)`. */
  inputs: (value: (field: string) => string) => SafeHtml;
  /** The target takes `platforms` and markets: the form shows the platform and market pickers. */
  asksPlatforms: boolean;
}

const text = (value: unknown) => (typeof value === 'string' ? value.trim() : '');
const list = (value: unknown) =>
  text(value)
    .split(',')
    .map((name) => name.trim())
    .filter(Boolean);

/** The form's field saying the platform picker was shown: then none checked is a choice (refused), not "every platform". */
export const PICKER_FIELD = 'platform-picker';

/** The platforms chosen: the picker's repeated field, or a link's comma list; nothing when neither names any and no picker was shown. */
function chosenPlatforms(fields: Record<string, unknown>): { platforms?: string[] } {
  const given = fields.platforms;
  if (given === undefined && fields[PICKER_FIELD] === undefined) return {};
  return { platforms: (Array.isArray(given) ? given : [given]).flatMap(list) };
}

/** A posted field as its values: one, repeated, or none. */
const values = (value: unknown): string[] => (Array.isArray(value) ? value.map(text) : value === undefined ? [] : [text(value)]);

/** The market picker's rows with a country, posted as repeated fields: one is `market`, several `markets` (as the script sends them). */
function chosenMarkets(fields: Record<string, unknown>): { market?: Record<string, string>; markets?: Record<string, string>[] } {
  const [countries, languages, cities] = [MARKET_FIELDS.country, MARKET_FIELDS.language, MARKET_FIELDS.city].map((key) =>
    values(fields[key]),
  );
  const markets = countries!.flatMap((country, row) =>
    country ? [{ country, language: languages![row] ?? '', ...(cities![row] ? { city: cities![row]! } : {}) }] : [],
  );
  return markets.length === 1 ? { market: markets[0]! } : markets.length > 1 ? { markets } : {};
}

/** A target that is one address: a site's domain or URL, an article's URL. */
const addressForm = (label: string, asksPlatforms: boolean): MonitorForm => ({
  asksPlatforms,
  target: (fields) => ({ url: text(fields.url), ...(asksPlatforms ? { ...chosenPlatforms(fields), ...chosenMarkets(fields) } : {}) }),
  inputs: (value) =>
    html`<div class="wide"><label for="url">${label}</label><input id="url" name="url" value="${value('url')}" required></div>`,
});

export const MONITOR_FORMS: Record<MonitorKind, MonitorForm> = {
  site: addressForm('Domain or URL', false),
  article: addressForm('Article URL', true),
  brand: {
    asksPlatforms: true,
    target: (fields) => {
      const domain = text(fields.domain);
      const products = list(fields.products);
      return {
        keyword: text(fields.keyword),
        brand: text(fields.brand),
        ...(domain ? { domain } : {}),
        aliases: list(fields.aliases),
        competitors: list(fields.competitors),
        ...(products.length > 0 ? { products } : {}),
        ...chosenPlatforms(fields),
        ...chosenMarkets(fields),
      };
    },
    inputs: (
      value,
    ) => html`<div><label for="keyword">Keyword</label><input id="keyword" name="keyword" value="${value('keyword')}" required></div>
<div><label for="brand">Brand</label><input id="brand" name="brand" value="${value('brand')}" required></div>
<div><label for="domain">Brand's domain (optional)</label><input id="domain" name="domain" value="${value('domain')}"></div>
<div><label for="competitors">Competitors (optional, comma-separated)</label><input id="competitors" name="competitors" value="${value('competitors')}"></div>
<div><label for="products">Your products (optional, comma-separated)</label><input id="products" name="products" value="${value('products')}"></div>
<input type="hidden" name="aliases" value="${value('aliases')}">`,
  },
};
