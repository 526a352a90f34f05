/**
 * Month names in the languages the reader reads, from the runtime's own calendar data (Intl), not a hand-written list:
 * a date ("March 3", "3. März", "mars 2025") is never an option (docs/brand-reader.md §3).
 */
const LANGUAGES = ['en', 'de', 'fr', 'es'];

const MONTHS = new Set(
  LANGUAGES.flatMap((language) =>
    (['long', 'short'] as const).flatMap((width) => {
      const format = new Intl.DateTimeFormat(language, { month: width, timeZone: 'UTC' });
      return Array.from({ length: 12 }, (_, month) =>
        format
          .format(new Date(Date.UTC(2026, month, 15)))
          .toLowerCase()
          .replace(/\.$/u, ''),
      );
    }),
  ).filter((month) => month.length >= 3),
);

export const isMonthName = (word: string) => MONTHS.has(word.toLowerCase().replace(/\.$/u, ''));

/** A day or a year beside a month: "3", "3rd", "15.", "2025". */
const isDayOrYear = (word: string) => /^\d{1,4}(?:st|nd|rd|th|\.)?,?$/u.test(word);

/** Words that make a date: month names and days or years, at least one month. */
export const isDate = (words: readonly string[]) =>
  words.length > 0 && words.some(isMonthName) && words.every((word) => isMonthName(word) || isDayOrYear(word));
