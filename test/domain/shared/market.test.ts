import { languageOf, marketKey } from '../../../domain/shared/market';
import { marketSchema } from '../../../domain/shared/market-schema';

describe('a market', () => {
  it('takes a country code in either case and a BCP 47 language', () => {
    expect(marketSchema.parse({ country: 'de', language: 'de' })).toEqual({ country: 'DE', language: 'de' });
    expect(marketSchema.parse({ country: 'BR', language: 'pt-BR', city: 'São Paulo' })).toEqual({
      country: 'BR',
      language: 'pt-BR',
      city: 'São Paulo',
    });
  });

  it('refuses a country name, a language name and unknown fields, saying what it wants', () => {
    expect(marketSchema.safeParse({ country: 'Germany', language: 'de' }).error?.issues[0]?.message).toMatch(/ISO 3166-1 alpha-2/);
    expect(marketSchema.safeParse({ country: 'DE', language: 'German' }).error?.issues[0]?.message).toMatch(/BCP 47/);
    expect(marketSchema.safeParse({ country: 'DE', language: 'de', region: 'BY' }).success).toBe(false);
  });

  it('gives the primary language, English when unset, and one key per market', () => {
    expect(languageOf({ language: 'pt-BR' })).toBe('pt');
    expect(languageOf(undefined)).toBe('en');
    expect(marketKey({ country: 'US', language: 'en', city: 'New York' })).toBe('US-en-New York');
    expect(marketKey(undefined)).toBe('any');
  });
});
