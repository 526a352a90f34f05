/**
 * Chinese, Japanese and Korean: scripts written without spaces between words, so every reader that
 * splits on spaces or counts words treats them apart.
 */
export const CJK_SCRIPTS = '\\p{Script=Han}\\p{Script=Hiragana}\\p{Script=Katakana}\\p{Script=Hangul}';

const ONE = new RegExp(`[${CJK_SCRIPTS}]`, 'u');
const EVERY = new RegExp(`[${CJK_SCRIPTS}]`, 'gu');

export function hasCjk(text: string): boolean {
  return ONE.test(text);
}

export function countCjk(text: string): number {
  return text.match(EVERY)?.length ?? 0;
}

/** The text with each CJK character a space, for counting the spaced words around them. */
export function blankCjk(text: string): string {
  return text.replace(EVERY, ' ');
}
