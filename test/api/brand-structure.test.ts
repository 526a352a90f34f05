import { startTestGateway, type TestGateway } from '../support/gateway';
import { postForEvents } from '../support/sse-client';

/**
 * A diagnosis read by structure, end to end through the API (issue 31): answers shaped as the
 * assistants write them, where a retailer quoted before the products, a side-by-side table, a table
 * whose names sit in its second column and a spec-heavy answer must still give the ranks a person
 * would read. The answers are this file's own writing; the labels are what a reader sees.
 */
const BRAND = 'Northpeak';
const KEYWORD = 'rain jacket for hiking';

/** A store quoted in the first bullet, before the products: a source, not the first option. */
const RETAILER_FIRST = `Here's what stands out this season:

- According to REI's buying guide, breathability matters more than a high waterproof rating for most hikers.
- Outdoor Gear Lab's testers favour a hood that fits over a helmet.

**Top picks**

1. **Arc'teryx Beta Jacket** – the benchmark for fit and durability.
2. **Northpeak Storm Shell** – light, packable and about half the price.
3. **Patagonia Torrentshell 3L** – a recycled shell that lasts.

You can find all three at REI or Backcountry.`;

/** A side-by-side table: the products are the header's cells, the rows their specs. */
const SIDE_BY_SIDE = `Three jackets compared:

| Feature | Marmot PreCip Eco | Northpeak Storm Shell | Columbia Watertight II |
|---|---|---|---|
| Weight | 310 g | 280 g | 340 g |
| Membrane | NanoPro | Pertex Shield | Omni-Tech |
| Price | $100 | $140 | $90 |

For most day hikes the Marmot is the value pick.`;

/** A comparison table whose first column is the maker, the product in the second. */
const MAKER_COLUMN = `| Brand | Product Name | Key Features |
|---|---|---|
| Outdoor Research | Foray 3L | Pit zips, 3-layer fabric |
| Rab | Downpour Eco | Recycled, light |
| Northpeak | Storm Shell | Packable, helmet hood |

All three are sold by Amazon and REI.`;

/** Spec-heavy: each option followed by its materials and technologies, which are not options. */
const SPEC_HEAVY = `### 1. Northpeak Storm Shell
- **Membrane:** Gore-Tex Paclite
- **Insulation:** PrimaLoft Gold
- **Weight:** 280 g

### 2. Mountain Hardwear Exposure/2
- **Membrane:** Dry.Q Elite
- **Weight:** 390 g

Gore-Tex is a waterproof membrane; PrimaLoft is an insulation that stays warm when wet.`;

let gateway: TestGateway;
let answers: {
  questionId: string;
  platform: string;
  rank: number | null;
  firstRecommended: boolean;
  entities: { name: string; rank: number }[];
}[];
let competitors: string[];

beforeAll(async () => {
  gateway = await startTestGateway({ BRAND_QUESTIONS: '3', BRAND_RUNS: '1' });
  gateway.platforms.setBehaviour('chatgpt', { answer: RETAILER_FIRST });
  gateway.platforms.setBehaviour('gemini', { answer: SIDE_BY_SIDE });
  gateway.platforms.setBehaviour('perplexity', { answer: MAKER_COLUMN });
  gateway.platforms.setBehaviour('claude', { answer: SPEC_HEAVY });
  gateway.platforms.setBehaviour('deepseek', { failure: { kind: 'unauthorized' } });
  const response = await postForEvents(gateway.app(), '/api/keywords', { keyword: KEYWORD, brand: BRAND });
  expect(response.status).toBe(200);
  const report = response.events.at(-1)!.report as { answers: typeof answers; competitors: { name: string }[] };
  answers = report.answers;
  competitors = report.competitors.map((competitor) => competitor.name);
}, 120_000);
afterAll(() => gateway.close());

const of = (platform: string) => answers.filter((answer) => answer.platform === platform);
/** The other options the answer presents, with their ranks (the brand's own rank is `rank`). */
const others = (platform: string) => of(platform)[0]!.entities.map((entity) => `${entity.rank} ${entity.name}`);

test('a retailer quoted before the products takes no rank: the brand is second, after the first product', () => {
  expect(of('ChatGPT').every((answer) => answer.rank === 2 && !answer.firstRecommended)).toBe(true);
  // The stores where to buy them, quoted first and named again last, are neither options nor competitors.
  expect(others('ChatGPT')).toEqual(["1 Arc'teryx Beta Jacket", '3 Patagonia Torrentshell 3L']);
  expect(competitors).not.toContain('REI');
});

test("a side-by-side table ranks its header's products in reading order, not its spec rows", () => {
  expect(of('Gemini').every((answer) => answer.rank === 2)).toBe(true);
  expect(others('Gemini')).toEqual(['1 Marmot PreCip Eco', '3 Columbia Watertight II']);
});

test("a table with the maker in its first column ranks its rows' products: the brand's is third", () => {
  expect(of('Perplexity').every((answer) => answer.rank === 3)).toBe(true);
  expect(others('Perplexity')).toEqual(['1 Outdoor Research Foray 3L', '2 Rab Downpour Eco']);
});

test('a spec-heavy answer: the brand leads, and its materials and technologies are neither options nor competitors', () => {
  expect(of('Claude').every((answer) => answer.rank === 1 && answer.firstRecommended)).toBe(true);
  expect(others('Claude')).toEqual(['2 Mountain Hardwear Exposure/2']);
  for (const material of ['Gore-Tex', 'Gore-Tex Paclite', 'PrimaLoft', 'PrimaLoft Gold', 'Dry.Q Elite'])
    expect(competitors).not.toContain(material);
});
