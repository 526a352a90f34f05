/**
 * Chinese, Japanese and Korean: scripts written without spaces between words, so every reader that
 * splits on spaces or counts words treats them apart. The script sets are for character classes
 * (`[${CJK_SCRIPTS}]`, with the u flag), so that no reader spells them again.
 */
export const KANA_SCRIPTS = '\\p{Script=Hiragana}\\p{Script=Katakana}';
/** Chinese characters and kana: what a dictionary segmenter splits into words. */
export const HAN_AND_KANA_SCRIPTS = `\\p{Script=Han}${KANA_SCRIPTS}`;
export const CJK_SCRIPTS = `${HAN_AND_KANA_SCRIPTS}\\p{Script=Hangul}`;

const ONE = new RegExp(`[${CJK_SCRIPTS}]`, 'u');
const EVERY = new RegExp(`[${CJK_SCRIPTS}]`, 'gu');
const KANA = new RegExp(`[${KANA_SCRIPTS}]`, 'u');

export function hasCjk(text: string): boolean {
  return ONE.test(text);
}

/** Hiragana or katakana in the text: it is Japanese (Chinese characters alone may be either). */
export function hasKana(text: string): boolean {
  return KANA.test(text);
}

export function countCjk(text: string): number {
  return text.match(EVERY)?.length ?? 0;
}

/** The text with each CJK character a space, for counting the spaced words around them. */
export function blankCjk(text: string): string {
  return text.replace(EVERY, ' ');
}
