import { html, type SafeHtml } from '../html';
import { MAX_MARKETS } from '../../domain/shared/markets';

/**
 * The forms' market picker (docs/markets.md#asking): a country, a language and an optional city per
 * market, up to MAX_MARKETS (api/public/check.js adds rows and sends them as `market` or `markets`).
 * None chosen: no location, English, as before markets.
 */
const COUNTRIES = [
  'US',
  'GB',
  'CA',
  'AU',
  'IN',
  'DE',
  'AT',
  'CH',
  'FR',
  'BE',
  'ES',
  'MX',
  'IT',
  'PT',
  'BR',
  'NL',
  'PL',
  'JP',
  'KR',
  'CN',
  'TW',
];
const LANGUAGES = ['en', 'de', 'fr', 'es', 'it', 'pt', 'pt-BR', 'nl', 'pl', 'ja', 'ko', 'zh-CN', 'zh-TW'];

const countryNames = new Intl.DisplayNames(['en'], { type: 'region' });
const languageNames = new Intl.DisplayNames(['en'], { type: 'language' });

/** The fields a form posted without script sends per row (the monitor form): api/pages/monitor-forms.ts reads them back. */
export const MARKET_FIELDS = { country: 'market-country', language: 'market-language', city: 'market-city' } as const;

/** A market as the picker shows it chosen (a report's, for "Monitor this"). */
export interface PickedMarket {
  country: string;
  language: string;
  city?: string;
}

/**
 * `named`: the rows' fields carry names, for a form the server reads (the script's forms read the rows
 * themselves); `chosen`: a row per market, selected (a country or language outside the lists is added).
 */
export function marketPicker(
  id: string,
  { named = false, chosen = [] }: { named?: boolean; chosen?: readonly PickedMarket[] } = {},
): SafeHtml {
  const name = (field: keyof typeof MARKET_FIELDS) => (named ? html` name="${MARKET_FIELDS[field]}"` : '');
  const options = (codes: readonly string[], picked: string | undefined, label: (code: string) => string | undefined) =>
    [...codes, ...(picked && !codes.includes(picked) ? [picked] : [])].map(
      (code) => html`<option value="${code}"${code === picked ? html` selected` : ''}>${label(code) ?? code}</option>`,
    );
  const row = (market?: PickedMarket) => html`<div class="market-row">
    <label>Country <select data-market="country"${name('country')} aria-label="Country"><option value="">No location</option>${options(COUNTRIES, market?.country, (code) => countryNames.of(code))}</select></label>
    <label>Language <select data-market="language"${name('language')} aria-label="Language">${options(LANGUAGES, market?.language, (code) => languageNames.of(code))}</select></label>
    <label>City <input data-market="city"${name('city')} type="text" maxlength="80" placeholder="optional" aria-label="City" value="${market?.city ?? ''}"></label>
  </div>`;
  return html`<fieldset class="wide markets" data-markets="${MAX_MARKETS}" aria-describedby="${id}-markets-help">
  <legend>Markets (optional)</legend>
  ${chosen.length > 0 ? chosen.map(row) : row()}
  <button type="button" class="add-market">Add a market</button>
  <p id="${id}-markets-help" class="muted">Where the questions are asked from, in its language: up to ${MAX_MARKETS} markets, compared side by side.</p>
</fieldset>`;
}
