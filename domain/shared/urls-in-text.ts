/**
 * URLs as written in running text (answers, pages): `http(s)://…` or `www.…`, up to a space, a quote,
 * an angle bracket or a closing bracket, so that a Markdown link's `)` and a sentence's full stop are
 * not taken for part of the URL. Every reader that finds, cites or blanks URLs in text goes through here.
 * `URL_IN_TEXT` matches with the sentence's punctuation after the URL (urlsWrittenIn leaves it out); it
 * is global: for `replace` and `match`, which start it afresh, not `test` or `exec`.
 */
export const URL_IN_TEXT = /(?:https?:\/\/|\bwww\.)[^\s<>"'`)\]]+/giu;
/** Punctuation that ends the sentence around a URL, not the URL, and Markdown's bold or italic stars (`**https://…**`). */
const TRAILING_PUNCTUATION = /[.,;:!?'"”’*]+$/u;

const trimmed = (match: string) => match.replace(TRAILING_PUNCTUATION, '');

/** Each URL written in the text, as written, in order: `www.` ones have no scheme. */
export function urlsWrittenIn(text: string): string[] {
  return (text.match(URL_IN_TEXT) ?? []).map(trimmed);
}
