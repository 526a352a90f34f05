/** A language tag as English names it ("de" → "German", "pt-BR" → "Brazilian Portuguese"), for prompts to the analysis model. */
export function languageName(language: string): string {
  try {
    return new Intl.DisplayNames(['en'], { type: 'language' }).of(language) ?? language;
  } catch {
    return language;
  }
}
