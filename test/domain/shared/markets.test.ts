import { readAnswer } from '../../../domain/lenses/read';
import type { BrandLens } from '../../../domain/brand/lens';
import type { BrandAnswerVerdict } from '../../../domain/brand/reader/answer';
import { isOrdinaryIn } from '../../../domain/shared/language/ordinary-words';
import { locationSentence, withLocation } from '../../../domain/shared/language/location-sentence';
import { BRAND_METRICS } from '../../../domain/brand/report/metrics';
import { marketDifferences } from '../../../domain/shared/market-comparison';
import { marketLabel, marketsOf } from '../../../domain/shared/markets';
import { wilson } from '../../../domain/shared/rate';

describe('a check’s markets', () => {
  test('none is one run from nowhere in particular; given ones are kept in order, each once, at most five', () => {
    expect(marketsOf({})).toEqual([undefined]);
    const de = { country: 'DE', language: 'de' };
    expect(marketsOf({ markets: [de, { country: 'DE', language: 'DE' }, { country: 'JP', language: 'ja' }] })).toEqual([
      de,
      { country: 'JP', language: 'ja' },
    ]);
    expect(marketLabel({ country: 'JP', language: 'ja', city: 'Osaka' })).toBe('Japan, Osaka (ja)');
  });
});

describe('the location sentence, in the question’s language', () => {
  test.each([
    [{ country: 'US', language: 'en', city: 'Austin' }, 'I am asking from Austin, United States.'],
    [{ country: 'FR', language: 'fr' }, 'Ma localisation : France.'],
    [{ country: 'BR', language: 'pt-BR', city: 'São Paulo' }, 'A minha localização: São Paulo, Brasil.'],
    [{ country: 'KR', language: 'ko' }, '제 위치: 대한민국.'],
    [{ country: 'CN', language: 'zh-CN' }, '我所在的地点：中国。'],
    [{ country: 'SE', language: 'sv' }, 'I am asking from Sverige.'],
  ])('%j → %s', (market, sentence) => {
    expect(locationSentence(market)).toBe(sentence);
  });

  test('it goes before the question; none without a market', () => {
    expect(withLocation('Beste Staubsauger?', { country: 'AT', language: 'de' })).toBe('Mein Standort: Österreich. Beste Staubsauger?');
    expect(withLocation('Best vacuums?', undefined)).toBe('Best vacuums?');
  });
});

describe('ordinary words of other languages, by stem', () => {
  test.each([
    ['Klar'],
    ['Natürlich'],
    ['Leistung'],
    ['Modelle'],
    ['günstige'],
    ['Akku-Staubsauger'],
    ['Cependant'],
    ['Además'],
    ['Inoltre'],
    ['Daarnaast'],
    ['Ponadto'],
  ])('%s is ordinary', (word) => {
    expect(isOrdinaryIn(word)).toBe(true);
  });

  test.each([['Kärcher'], ['Dyson'], ['Miele'], ['Roborock']])('%s is not', (word) => {
    expect(isOrdinaryIn(word)).toBe(false);
  });

  test('in one language only when one is named', () => {
    expect(isOrdinaryIn('Leistung', 'de')).toBe(true);
    expect(isOrdinaryIn('Leistung', 'fr')).toBe(false);
  });

  test('the brand reader no longer takes German list labels and categories for options', () => {
    const lens: BrandLens = { kind: 'brand', brand: 'Kärcher', aliases: [], competitors: [] };
    const answer =
      '### Beste Akku-Staubsauger\n\n* **Kabellose Staubsauger**: Dyson V15, Kärcher VC 4\n* **Bodenstaubsauger**: Miele Complete C3\n* **Saugroboter**: Roborock S8';
    const verdict = readAnswer(answer, [], lens, 'Was sind die besten Staubsauger?') as BrandAnswerVerdict;
    expect(verdict.mentioned).toBe(true);
    expect(verdict.entities.map((entity) => entity.name)).toEqual(['Dyson V15', 'Miele Complete C3', 'Roborock S8']);
  });
});

describe('markets side by side', () => {
  test('a difference is named only beyond noise', () => {
    const rows = [
      { market: { country: 'DE', language: 'de' }, rates: { mentionRate: wilson(18, 20), citationRate: wilson(5, 20) } },
      { market: { country: 'JP', language: 'ja' }, rates: { mentionRate: wilson(2, 20), citationRate: wilson(4, 20) } },
    ];
    // The brand's declared rates: those a market's row does not carry (share of voice, product cards) are not compared.
    const found = marketDifferences(rows, BRAND_METRICS);
    expect(found).toHaveLength(1);
    expect(found[0]).toMatchObject({ metric: 'mentionRate', higher: 'Germany (de)', lower: 'Japan (ja)' });
    expect(found[0]!.low).toBeGreaterThan(0);
    expect(found[0]!.text).toMatch(/^Mention rate: 90% in Germany \(de\) against 10% in Japan \(ja\)/);
  });
});
