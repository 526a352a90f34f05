import request from 'supertest';
import {
  AI_MODE_CARDS,
  answerShoppingQuestions,
  CHATGPT_CARDS,
  SHOPPING_BRAND,
  SHOPPING_COMPETITORS,
  SHOPPING_KEYWORD,
  SHOPPING_PRODUCTS,
  showsCards,
} from '../../dev/shopping-answers';
import type { BrandReport } from '../../domain/brand/report/report-schema';
import { connectInMemory } from '../support/mcp-client';
import { startTestGateway, type TestGateway } from '../support/gateway';
import { postForEvents } from '../support/sse-client';
import { tableRows } from '../support/html-table';
import { csvRecords } from '../support/python-csv';

/**
 * A shopping diagnosis through the API on the surface stand-ins (docs/checks/brand.md, "Product
 * cards"): Korvo is named only on the product cards, never in the text around them. Google AI Mode
 * through SerpApi and ChatGPT's app through DataForSEO; then AI Mode through DataForSEO.
 */

type Report = BrandReport & { id: string };

async function diagnose(gateway: TestGateway, platforms: string[]): Promise<Report> {
  const response = await postForEvents(gateway.app(), '/api/keywords', {
    keyword: SHOPPING_KEYWORD,
    brand: SHOPPING_BRAND,
    competitors: SHOPPING_COMPETITORS,
    products: SHOPPING_PRODUCTS,
    platforms,
  });
  expect(response.status).toBe(200);
  const summary = response.events.at(-1)!;
  expect(summary.type).toBe('summary');
  return { ...(summary.report as BrandReport), id: summary.reportId as string };
}

const questionOf = (report: Report) => {
  const text = new Map(report.questions.map((question) => [question.id, question.text]));
  return (answer: { questionId: string }) => text.get(answer.questionId)!;
};

describe('Google AI Mode through SerpApi and ChatGPT’s app through DataForSEO', () => {
  let gateway: TestGateway;
  let report: Report;
  beforeAll(async () => {
    gateway = await startTestGateway({ BRAND_QUESTIONS: '8', BRAND_RUNS: '1' }, {}, 'both');
    answerShoppingQuestions(gateway.platforms);
    report = await diagnose(gateway, ['google-ai-mode', 'chatgpt-app']);
  }, 120_000);
  afterAll(() => gateway.close());

  test('every card is kept with its position, price, merchant and rating; a card without a price has null', () => {
    expect(report.products).toEqual(SHOPPING_PRODUCTS);
    const question = questionOf(report);
    const aiMode = report.answers.filter((answer) => answer.platform === 'Google AI Mode');
    const withCards = aiMode.filter((answer) => showsCards(question(answer)));
    expect(withCards.length).toBeGreaterThan(0);
    expect(withCards.length).toBeLessThan(aiMode.length);
    for (const answer of withCards)
      expect(answer.products).toEqual([
        expect.objectContaining({
          position: 1,
          title: 'Korvo Ridgeline 3 Trail Running Shoe',
          merchant: 'REI',
          price: 139.95,
          priceText: '$139.95',
          currency: 'USD',
          rating: 4.6,
          reviews: 812,
          productId: expect.any(String),
          brand: true,
        }),
        expect.objectContaining({
          position: 2,
          title: 'Salomon Speedcross 6',
          merchant: 'Zappos',
          price: 145,
          regularPrice: 160,
          competitor: 'Salomon',
          brand: false,
        }),
        expect.objectContaining({
          position: 3,
          title: 'Hoka Speedgoat 6',
          merchant: 'Running Warehouse',
          price: null,
          rating: 4.7,
          brand: false,
        }),
        // Korvo's product the request lists, though its title does not name Korvo.
        expect.objectContaining({ position: 4, title: "Summit Pro Trail Shoe (Men's)", price: 119.99, brand: true }),
      ]);
    expect(aiMode.filter((answer) => !showsCards(question(answer))).every((answer) => answer.products === undefined)).toBe(true);

    const chatGpt = report.answers.filter((answer) => answer.platform === 'ChatGPT (app)' && showsCards(question(answer)));
    expect(chatGpt.length).toBe(withCards.length);
    for (const answer of chatGpt)
      expect(answer.products).toEqual([
        expect.objectContaining({
          position: 1,
          title: 'Salomon Speedcross 6',
          merchant: 'Zappos',
          merchants: 'Zappos + others',
          price: 145,
          currency: 'USD',
          rating: 4.5,
          reviews: 2310,
        }),
        expect.objectContaining({
          position: 2,
          title: 'Korvo Ridgeline 3',
          merchant: 'REI',
          merchants: 'REI + others',
          price: 139.95,
          brand: true,
        }),
        expect.objectContaining({
          position: 3,
          title: 'Hoka Speedgoat 6',
          merchant: 'Running Warehouse',
          price: null,
          rating: 4.7,
          reviews: 1540,
        }),
      ]);
  });

  test('the brand named only on the cards is mentioned and ranked at its card; without cards it is not named', () => {
    const question = questionOf(report);
    const on = (platform: string, cards: boolean) =>
      report.answers.filter(
        (answer) => answer.platform === platform && answer.status === 'answered' && showsCards(question(answer)) === cards,
      );
    expect(on('Google AI Mode', true).every((answer) => answer.mentioned && answer.rank === 1 && answer.firstRecommended)).toBe(true);
    expect(on('ChatGPT (app)', true).every((answer) => answer.mentioned && answer.rank === 2 && !answer.firstRecommended)).toBe(true);
    expect(on('ChatGPT (app)', true)[0]!.entities.slice(0, 2)).toEqual([
      { name: 'Salomon', rank: 1 },
      { name: 'Hoka Speedgoat 6', rank: 3 },
    ]);
    expect(
      [...on('Google AI Mode', false), ...on('ChatGPT (app)', false)].every((answer) => !answer.mentioned && answer.rank === null),
    ).toBe(true);
  });

  test('product visibility: the card rate is the share of answers with cards, the brand’s share of cards, positions and merchants', () => {
    const question = questionOf(report);
    const row = (platform: string) => report.productVisibility!.find((entry) => entry.platform === platform)!;
    const shown = (platform: string) => report.answers.filter((answer) => answer.platform === platform && answer.status === 'answered');
    const aiMode = shown('Google AI Mode');
    const withCards = aiMode.filter((answer) => showsCards(question(answer))).length;
    expect(row('Google AI Mode')).toMatchObject({
      platformId: 'google-ai-mode',
      answers: aiMode.length,
      cardRate: expect.objectContaining({
        count: withCards,
        total: aiMode.length,
        value: Math.round((withCards / aiMode.length) * 10_000) / 10_000,
      }),
      cards: withCards * AI_MODE_CARDS.length,
      brandShare: expect.objectContaining({ count: withCards * 2, total: withCards * 4, value: 0.5 }),
      bestPosition: 1,
      averagePosition: 2.5,
    });
    expect(row('Google AI Mode').brandMerchants).toEqual([
      expect.objectContaining({
        merchant: "Dick's Sporting Goods",
        cards: withCards,
        lowestPrice: 119.99,
        highestPrice: 119.99,
        currency: 'USD',
      }),
      expect.objectContaining({
        merchant: 'REI',
        cards: withCards,
        products: ['Korvo Ridgeline 3 Trail Running Shoe'],
        lowestPrice: 139.95,
      }),
    ]);
    expect(row('Google AI Mode').competitorMerchants).toEqual([
      expect.objectContaining({ merchant: 'Running Warehouse', lowestPrice: null, highestPrice: null }),
      expect.objectContaining({ merchant: 'Zappos', products: ['Salomon Speedcross 6'], lowestPrice: 145 }),
    ]);
    const chatGpt = shown('ChatGPT (app)');
    expect(row('ChatGPT (app)')).toMatchObject({
      cardRate: expect.objectContaining({ count: chatGpt.filter((answer) => showsCards(question(answer))).length, total: chatGpt.length }),
      brandShare: expect.objectContaining({ value: Math.round((1 / CHATGPT_CARDS.length) * 10_000) / 10_000 }),
      bestPosition: 2,
    });
    expect(row('ChatGPT (app)').topProducts[0]).toMatchObject({ title: 'Salomon Speedcross 6', averagePosition: 1, lowestPrice: 145 });
  });

  test('products.csv has one row per card, read by Python’s csv module; .jsonl the same rows', async () => {
    const cards = report.answers.flatMap((answer) => answer.products ?? []);
    const csv = await request(gateway.app()).get(`/api/v1/report/${report.id}/products.csv`).buffer(true);
    expect(csv.status).toBe(200);
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    const rows = csvRecords(csv.text);
    expect(rows).toHaveLength(cards.length);
    expect(rows[0]).toMatchObject({ exportVersion: '1', reportId: report.id, kind: 'brand', position: '1' });
    const noPrice = rows.filter((row) => row.title === 'Hoka Speedgoat 6');
    expect(noPrice.every((row) => row.price === '' && row.merchant === 'Running Warehouse' && row.rating === '4.7')).toBe(true);
    expect(rows.filter((row) => row.brand === 'true').map((row) => row.title)).toEqual(
      cards.filter((card) => card.brand).map((card) => card.title),
    );
    expect(rows.find((row) => row.platform === 'ChatGPT (app)' && row.position === '1')).toMatchObject({
      merchant: 'Zappos',
      merchants: 'Zappos + others',
      price: '145',
      currency: 'USD',
    });
    const jsonl = await request(gateway.app()).get(`/api/v1/report/${report.id}/products.jsonl`);
    expect(jsonl.text.trim().split('\n')).toHaveLength(cards.length);
  });

  test('the report page shows the cards as a table with merchants and prices, and the MCP summary says the same', async () => {
    const page = await request(gateway.app()).get(`/report/${report.id}`);
    expect(page.status).toBe(200);
    expect(page.text).toContain('<h2 id="products">Product cards: what shoppers see</h2>');
    const rows = tableRows(page.text, 'table.product-cards');
    expect(rows).toContainEqual([
      'Google AI Mode',
      '1',
      'Korvo Ridgeline 3 Trail Running Shoe',
      'REI',
      '$139.95',
      '4.6 (812)',
      'yes',
      expect.stringMatching(/^\d+$/),
    ]);
    expect(rows).toContainEqual([
      'ChatGPT (app)',
      '3',
      'Hoka Speedgoat 6',
      'Running Warehouse',
      'no price shown',
      '4.7 (1540)',
      '',
      expect.stringMatching(/^\d+$/),
    ]);
  });

  test('the MCP brand report carries product visibility, in words and as structured content', async () => {
    const client = await connectInMemory(gateway);
    try {
      const result = await client.callTool({ name: 'get_brand_report', arguments: { id: report.id } });
      const text = (result.content as { text: string }[]).map((block) => block.text).join('\n');
      expect(text).toMatch(
        /## Product cards\n- Google AI Mode showed product cards in \d+% of answers \(\d+\/\d+\); 50% of \d+ cards are yours, your best card at position 1; sold by Dick's Sporting Goods, REI/,
      );
      expect((result.structuredContent as BrandReport).productVisibility).toEqual(report.productVisibility);
    } finally {
      await client.close();
    }
  });
});

describe('Google AI Mode through DataForSEO', () => {
  let gateway: TestGateway;
  let report: Report;
  beforeAll(async () => {
    gateway = await startTestGateway({ BRAND_QUESTIONS: '8', BRAND_RUNS: '1' }, {}, 'dataforseo');
    answerShoppingQuestions(gateway.platforms);
    report = await diagnose(gateway, ['google-ai-mode']);
  }, 120_000);
  afterAll(() => gateway.close());

  test('the structured prices and sellers of ai_overview_shopping are kept, and the brand ranks first', () => {
    const question = questionOf(report);
    const withCards = report.answers.filter((answer) => showsCards(question(answer)));
    expect(withCards.length).toBeGreaterThan(0);
    for (const answer of withCards) {
      expect(answer.model).toBe('dataforseo/google_ai_mode');
      expect(answer.products).toEqual([
        expect.objectContaining({
          position: 1,
          merchant: 'REI',
          price: 139.95,
          priceText: '$139.95',
          currency: 'USD',
          rating: 4.6,
          reviews: 812,
        }),
        expect.objectContaining({ position: 2, merchant: 'Zappos', price: 145, regularPrice: 160, currency: 'USD' }),
        expect.objectContaining({ position: 3, merchant: 'Running Warehouse', price: null, currency: null }),
        expect.objectContaining({ position: 4, merchant: "Dick's Sporting Goods", price: 119.99 }),
      ]);
      // The shopping element's own list is read as cards, not again as the answer's text.
      expect(answer.answer).not.toContain('Korvo');
      expect(answer).toMatchObject({ mentioned: true, rank: 1, firstRecommended: true });
    }
  });
});
