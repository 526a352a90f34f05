import { languageOf, type Market } from '../market';

/**
 * Where the person asks from, as one sentence in the question's language: Gemini and DeepSeek take no
 * location for their search (docs/markets.md#how-each-platform-takes-a-market), so it goes in the
 * prompt. The place is named in that language (ICU's region names): "Mein Standort: München, Deutschland."
 */
const SENTENCES: Record<string, (place: string) => string> = {
  en: (place) => `I am asking from ${place}.`,
  de: (place) => `Mein Standort: ${place}.`,
  fr: (place) => `Ma localisation : ${place}.`,
  es: (place) => `Mi ubicación: ${place}.`,
  it: (place) => `La mia posizione: ${place}.`,
  pt: (place) => `A minha localização: ${place}.`,
  nl: (place) => `Mijn locatie: ${place}.`,
  pl: (place) => `Moja lokalizacja: ${place}.`,
  ja: (place) => `私がいる場所：${place}。`,
  ko: (place) => `제 위치: ${place}.`,
  zh: (place) => `我所在的地点：${place}。`,
};

/** The country's name in the language ("DE" in "de" → "Deutschland"); the code when ICU has none. */
export function countryName(country: string, language: string): string {
  try {
    return new Intl.DisplayNames([language, 'en'], { type: 'region' }).of(country.toUpperCase()) ?? country;
  } catch {
    return country;
  }
}

export function locationSentence(market: Market): string {
  const language = languageOf(market);
  const country = countryName(market.country, market.language);
  const separator = language === 'ja' || language === 'zh' ? '、' : ', ';
  const place = market.city ? `${market.city}${separator}${country}` : country;
  return (SENTENCES[language] ?? SENTENCES.en!)(place);
}

/** The question with the location sentence before it, as the person would say it. */
export function withLocation(question: string, market: Market | undefined): string {
  if (!market) return question;
  const sentence = locationSentence(market);
  return /^(?:ja|zh)$/u.test(languageOf(market)) ? `${sentence}${question}` : `${sentence} ${question}`;
}
