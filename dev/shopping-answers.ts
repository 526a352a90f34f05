import type { VendorStandIns } from './vendor-stand-ins';
import type { StandInProduct } from './vendor-stand-ins/surface-types';

/**
 * A shopping diagnosis as the surfaces answer it (docs/checks/brand.md, "Product cards"): for "trail
 * running shoes", Google AI Mode and ChatGPT's app describe the shoes in their text without naming the
 * brand, Korvo, whose name is only on the product cards beside the text. Cards come with the questions
 * of an odd number of words only; one card on each surface shows no price, ChatGPT's merchants read
 * "X + others", and one of Korvo's cards names only its product ("Summit Pro"), which the request lists.
 */
export const SHOPPING_BRAND = 'Korvo';
export const SHOPPING_KEYWORD = 'trail running shoes';
export const SHOPPING_PRODUCTS = ['Summit Pro'];
export const SHOPPING_COMPETITORS = ['Salomon'];

export const showsCards = (question: string): boolean => question.split(/\s+/).length % 2 === 1;

const TEXT = {
  'google-ai-mode': `## Trail running shoes worth a look\n\nFor muddy, technical trails, look for deep lugs and a rock plate; for long distances, a wide toe box and a cushioned midsole.\n\n- 5 mm lugs or more for mud\n- a rock plate for rocky ground\n\nThe shoes below are the ones shoppers compare most.`,
  'chatgpt-app': `Here are strong trail running shoes for most runners. The first is a proven all-rounder with aggressive grip; the second is lighter and roomier, good for long days; the third has the most cushioning.\n\nPick by terrain: mud needs deep lugs, rock needs protection.`,
};

export const AI_MODE_CARDS: readonly StandInProduct[] = [
  { title: 'Korvo Ridgeline 3 Trail Running Shoe', merchant: 'REI', price: 139.95, rating: 4.6, reviews: 812 },
  { title: 'Salomon Speedcross 6', merchant: 'Zappos', price: 145, regularPrice: 160, rating: 4.5, reviews: 2310 },
  { title: 'Hoka Speedgoat 6', merchant: 'Running Warehouse', price: null, rating: 4.7, reviews: 1540 },
  { title: "Summit Pro Trail Shoe (Men's)", merchant: "Dick's Sporting Goods", price: 119.99, rating: 4.3, reviews: 96 },
];

export const CHATGPT_CARDS: readonly StandInProduct[] = [
  { title: 'Salomon Speedcross 6', merchant: 'Zappos', otherMerchants: true, price: 145, rating: 4.5, reviews: 2310 },
  { title: 'Korvo Ridgeline 3', merchant: 'REI', otherMerchants: true, price: 139.95, rating: 4.6, reviews: 812 },
  { title: 'Hoka Speedgoat 6', merchant: 'Running Warehouse', price: null, rating: 4.7, reviews: 1540 },
];

/** The surfaces' answers and cards for the shopping keyword; the assistants' APIs answer as the demo or test sets them. */
export function answerShoppingQuestions(platforms: VendorStandIns): void {
  platforms.setSurfaceBehaviour('google-ai-mode', {
    answer: TEXT['google-ai-mode'],
    citations: ['https://www.runnersworld.com/gear/trail-running-shoes'],
    products: (question) => (showsCards(question) ? [...AI_MODE_CARDS] : []),
  });
  platforms.setSurfaceBehaviour('chatgpt-app', {
    answer: TEXT['chatgpt-app'],
    citations: ['https://www.outdoorgearlab.com/topics/running/best-trail-running-shoes'],
    fanOutQueries: ['best trail running shoes 2026'],
    products: (question) => (showsCards(question) ? [...CHATGPT_CARDS] : []),
  });
}

/**
 * The demo's shopping diagnosis (`npm run demo`): the keyword on Google AI Mode (SerpApi) and ChatGPT's
 * app (DataForSEO), through the public API, printing the product visibility a new user then sees as a
 * table on the report page.
 */
export async function diagnoseShopping(apiUrl: string, platforms: VendorStandIns): Promise<string> {
  answerShoppingQuestions(platforms);
  console.log(`[demo] diagnosing “${SHOPPING_BRAND}” for the product keyword “${SHOPPING_KEYWORD}” on Google AI Mode and ChatGPT's app …`);
  const response = await fetch(`${apiUrl}/api/keywords`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      keyword: SHOPPING_KEYWORD,
      brand: SHOPPING_BRAND,
      competitors: SHOPPING_COMPETITORS,
      products: SHOPPING_PRODUCTS,
      platforms: ['google-ai-mode', 'chatgpt-app'],
    }),
  });
  const events = (await response.text())
    .split('\n')
    .filter((line) => line.startsWith('data: '))
    .map((line) => JSON.parse(line.slice(6)) as Record<string, unknown>);
  const summary = events.at(-1) as {
    type?: string;
    error?: string;
    reportUrl?: string;
    report?: {
      productVisibility?: { platform: string; cardRate: { value: number }; brandShare: { value: number }; bestPosition: number | null }[];
    };
  };
  if (summary?.type !== 'summary') throw new Error(`the shopping diagnosis failed: ${summary?.error ?? response.status}`);
  for (const row of summary.report?.productVisibility ?? [])
    console.log(
      `[demo] ${row.platform} showed product cards in ${Math.round(row.cardRate.value * 100)}% of answers; ${Math.round(row.brandShare.value * 100)}% of the cards are ${SHOPPING_BRAND}'s${row.bestPosition ? `, the best at position ${row.bestPosition}` : ''}`,
    );
  return `${summary.reportUrl!}#products`;
}
