/**
 * Markdown's backslash escapes that stand inside names (docs/brand-reader.md §1): ChatGPT writes "AT\&T", "\$279"
 * and "Duo\+" so that a renderer shows the mark and not its syntax. The reader reads the name as shown. Only the marks
 * that open no Markdown where they stand are undone, so the answer's layout is what markdown-it reads in the original:
 * those with no syntax anywhere, and the list, heading and bracket marks when a word stands before them on the line
 * (not a number alone: "1\\." at a line's start stays a number, not a list).
 */
const ESCAPE = /\\([$&%'"@,;:=?/~])|(?<!^\d+)(?<=\S)\\([+\-.()!#])/gmu;

export interface Unescaped {
  text: string;
  /** The offset in the original text of an offset in `text`. */
  originOf(at: number): number;
}

export function unescapeMarkdown(original: string): Unescaped {
  if (!original.includes('\\')) return { text: original, originOf: (at) => at };
  const removed: number[] = [];
  const text = original.replace(ESCAPE, (_escape, mark: string | undefined, after: string | undefined, at: number) => {
    removed.push(at - removed.length);
    return mark ?? after ?? '';
  });
  // Each removed backslash shifts every later offset by one.
  return {
    text,
    originOf: (at) => {
      let shift = 0;
      while (shift < removed.length && removed[shift]! <= at) shift++;
      return at + shift;
    },
  };
}
