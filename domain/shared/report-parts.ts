/**
 * Temporal refuses a payload over 2 MB, and a report can be larger (a diagnosis at 20 questions × 5
 * runs × 5 platforms holds 500 answers): its JSON then travels to the store in parts. 300,000
 * characters stay under 1 MB however they are encoded (three UTF-8 bytes at most per UTF-16 unit, a
 * backslash doubled), so a part is one payload well within the limit.
 */
export const REPORT_PART_CHARS = 300_000;

/** The text cut into pieces of at most `maxChars`, never between the two halves of a surrogate pair. */
export function splitIntoParts(text: string, maxChars = REPORT_PART_CHARS): string[] {
  const parts: string[] = [];
  for (let start = 0; start < text.length;) {
    let end = Math.min(start + maxChars, text.length);
    if (end < text.length && isLowSurrogate(text.charCodeAt(end))) end -= 1;
    parts.push(text.slice(start, end));
    start = end;
  }
  return parts;
}

const isLowSurrogate = (code: number) => code >= 0xdc00 && code <= 0xdfff;
