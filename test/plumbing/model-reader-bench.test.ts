import { readingModel } from '../../dev/reading-model';
import { startVendorStandIns, type VendorStandIns } from '../../dev/vendor-stand-ins';
import { measureBrandAnswers, type LabelledAnswer } from '../../scripts/brand-answer-measures';
import { modelReaderAbsent, modelReaderColumns } from '../../scripts/model-reader-bench';

/**
 * `npm run bench:brand-answers -- --reader model`: without a configured model it says so plainly; with
 * one (a stand-in here) it reads every answer of a set and measures the rules with the model's reading in
 * them, beside the rules alone.
 */
let vendors: VendorStandIns;
beforeAll(async () => {
  vendors = await startVendorStandIns();
});
afterAll(() => vendors.close());

const ITEM: LabelledAnswer = {
  id: 'jackets-1',
  platform: 'chatgpt',
  query: 'best rain jacket',
  answer: [
    'The best rain jackets this year:',
    '',
    '1. **Futurelight** shells from The North Face keep you dry.',
    '2. **Marmot PreCip Eco** – light and cheap.',
    '3. **Patagonia Torrentshell 3L** – the all-rounder.',
  ].join('\n'),
  citations: [],
  options: [
    { name: 'The North Face', aliases: [], rank: 1 },
    { name: 'Marmot PreCip Eco', aliases: [], rank: 2 },
    { name: 'Patagonia Torrentshell 3L', aliases: [], rank: 3 },
  ],
  first: 'The North Face',
  traps: [],
};

test('without a model the benchmark says plainly that the model reader was not measured, and why', () => {
  expect(modelReaderAbsent({})).toBe('ANALYSIS_PLATFORM is not set (and ANALYSIS_MODEL, optionally): the model reader was not measured.');
  expect(modelReaderAbsent({ ANALYSIS_PLATFORM: 'claude' })).toBe(
    'ANALYSIS_PLATFORM is claude but its key is not set (set ANTHROPIC_API_KEY): the model reader was not measured.',
  );
});

test('with a model it reads the set and measures the rules with its reading beside the rules alone', async () => {
  vendors.setBehaviour('chatgpt', {
    structured: readingModel({
      Futurelight: 'component',
      'The North Face': 'option',
      'Marmot PreCip Eco': 'option',
      'Patagonia Torrentshell 3L': 'option',
    }),
  });
  const env = { ...vendors.env(), ANALYSIS_PLATFORM: 'chatgpt' };
  expect(modelReaderAbsent(env)).toBeUndefined();
  const set = { name: 'jackets', items: [ITEM], measures: measureBrandAnswers([ITEM]) };
  const result = await modelReaderColumns([set], env);
  if ('absent' in result) throw new Error(result.absent);
  expect(result.lines).toEqual([expect.stringMatching(/^jackets: .+ read 1 of 1 answers in 1 requests \(\$\d+\.\d{4}\)$/)]);
  expect(result.columns.map((column) => column.name)).toEqual(['jackets (rules)', 'jackets (model)']);
  const [rules, model] = result.columns.map((column) => column.measures);
  // The model's reading is the one measured: every option at its labelled rank, and no component listed as an option.
  expect(model!.rankExact).toEqual({ hits: 3, total: 3 });
  expect(model!.optionPrecision).toEqual({ hits: 3, total: 3 });
  // The rules alone list "Futurelight", a membrane, among the options.
  expect(rules).toBe(set.measures);
  expect(rules!.optionPrecision).toEqual({ hits: 2, total: 3 });
});
