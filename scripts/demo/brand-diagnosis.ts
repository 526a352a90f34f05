import { answerBrandQuestions, answerBrandQuestionsOnSurfaces, BRAND, BRAND_DOMAIN, KEYWORD } from '../../dev/brand-answers';
import type { DemoCheck } from './demo-check';

/** Where the demo's diagnosis asks from: two markets, side by side on its report. */
const DEMO_MARKETS = [
  { country: 'US', language: 'en' },
  { country: 'DE', language: 'de' },
];

/** A brand diagnosis asking the assistants and the three surfaces in two markets: what people see, where they are, beside what the APIs say. */
export const brandDiagnosis: DemoCheck = {
  report: 'brand report',
  async run({ apiUrl, platforms }) {
    // Every assistant answers, DeepSeek too: a demo's error answers would read as the service's faults.
    answerBrandQuestions(platforms, 0, 'answers');
    answerBrandQuestionsOnSurfaces(platforms);
    console.log(
      `[demo] diagnosing “${BRAND}” for “${KEYWORD}” in the US (English) and Germany (German), on the assistants and on Google AI Mode, AI Overviews and ChatGPT's app (SerpApi and DataForSEO stand-ins) …`,
    );
    const response = await fetch(`${apiUrl}/api/keywords`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ keyword: KEYWORD, brand: BRAND, domain: BRAND_DOMAIN, markets: DEMO_MARKETS }),
    });
    const events = (await response.text())
      .split('\n')
      .filter((line) => line.startsWith('data: '))
      .map((line) => JSON.parse(line.slice(6)) as Record<string, unknown>);
    const summary = events.at(-1) as {
      type: string;
      reportUrl?: string;
      error?: string;
      report?: {
        surfacePresence?: { platform: string; shown: { value: number } }[];
        surfaceVsApi?: { sentence: string }[];
        byMarket?: { key: string; answers: number; mentionRate: { value: number } }[];
        marketDifferences?: { text: string }[];
      };
    };
    if (summary?.type !== 'summary') throw new Error(`the diagnosis failed: ${summary?.error ?? response.status}`);
    for (const row of summary.report?.surfacePresence ?? [])
      console.log(`[demo] ${row.platform} showed an answer for ${Math.round(row.shown.value * 100)}% of the questions`);
    for (const row of summary.report?.surfaceVsApi ?? []) console.log(`[demo] ${row.sentence}`);
    for (const row of summary.report?.byMarket ?? [])
      console.log(`[demo] ${row.key}: named in ${Math.round(row.mentionRate.value * 100)}% of ${row.answers} answers`);
    const differences = summary.report?.marketDifferences ?? [];
    if (differences.length === 0) console.log('[demo] no difference between the two markets is beyond noise');
    for (const difference of differences) console.log(`[demo] ${difference.text}`);
    return summary.reportUrl!;
  },
};
