import type { VendorStandIns } from './vendor-stand-ins';
import { hasKana } from '../domain/shared/language/cjk';

/**
 * How the stand-in platforms answer a diagnosis of "Staubsauger" / "掃除機" for Kärcher in Germany and
 * Japan: in the question's language, German answers listing Kärcher, with sentence openings ("Klar",
 * "Natürlich", "Insgesamt") the reader must not take for options, Japanese answers without Kärcher. DeepSeek answers too.
 */
export const MARKET_BRAND = 'Kärcher';

const GERMAN = `Die besten Staubsauger im Überblick:\n\n1. **Dyson V15** – starke Saugleistung.\n2. **${MARKET_BRAND} VC 4** – leise und günstig.\n3. **Miele Complete C3** – robust.\n\nKlar ist: Alle drei sind gut. Natürlich kommt es auf die Wohnung an. Insgesamt bietet ${MARKET_BRAND} das beste Preis-Leistungs-Verhältnis.`;
const JAPANESE =
  'おすすめの掃除機は次のとおりです。\n\n1. **ダイソン V15** – 吸引力が強い。\n2. **パナソニック MC-SB** – 軽い。\n3. **シャープ EC-SR** – 静か。';

export function answerMarketQuestions(platforms: VendorStandIns): void {
  for (const platform of ['chatgpt', 'claude', 'gemini', 'perplexity', 'deepseek'] as const) {
    platforms.setBehaviour(platform, { answer: (question: string) => (hasKana(question) ? JAPANESE : GERMAN) });
  }
}
