import { html, type SafeHtml } from '../html';
import { MAX_MARKETS } from '../../domain/shared/markets';

/**
 * The forms' market picker (docs/DESIGN.md, "Markets"): a country, a language and an optional city per
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

export function marketPicker(id: string): SafeHtml {
  return html`<fieldset class="wide markets" data-markets="${MAX_MARKETS}" aria-describedby="${id}-markets-help">
  <legend>Markets (optional)</legend>
  <div class="market-row">
    <label>Country <select data-market="country" aria-label="Country"><option value="">No location</option>${COUNTRIES.map((code) => html`<option value="${code}">${countryNames.of(code) ?? code}</option>`)}</select></label>
    <label>Language <select data-market="language" aria-label="Language">${LANGUAGES.map((code) => html`<option value="${code}">${languageNames.of(code) ?? code}</option>`)}</select></label>
    <label>City <input data-market="city" type="text" maxlength="80" placeholder="optional" aria-label="City"></label>
  </div>
  <button type="button" class="add-market">Add a market</button>
  <p id="${id}-markets-help" class="muted">Where the questions are asked from, in its language: up to ${MAX_MARKETS} markets, compared side by side.</p>
</fieldset>`;
}
