import { splitIntoParts } from '../../../domain/shared/report-parts';

describe('splitIntoParts: a report too large for one payload, in pieces that join back', () => {
  test('short text is one part', () => {
    expect(splitIntoParts('{"a":1}', 100)).toEqual(['{"a":1}']);
  });
  test('long text is cut into pieces of at most the limit, which join to the text', () => {
    const text = 'x'.repeat(1_050);
    const parts = splitIntoParts(text, 100);
    expect(parts).toHaveLength(11);
    expect(parts.every((part) => part.length <= 100)).toBe(true);
    expect(parts.join('')).toBe(text);
  });
  test('never between the halves of a surrogate pair, so each part is well-formed text', () => {
    const text = 'ab😀cd😀😀e'.repeat(50);
    for (const max of [2, 3, 4, 5, 7]) {
      const parts = splitIntoParts(text, max);
      expect(parts.join('')).toBe(text);
      for (const part of parts) expect(part).not.toMatch(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/);
    }
  });
});
