/**
 * Cuts text to at most `max` UTF-16 units, ending with "…" when cut, never inside a surrogate pair:
 * a report must never carry a broken character.
 */
export function clip(text: string, max: number): string {
  if (text.length <= max) return text;
  return `${text.slice(0, Math.max(0, max - 1)).replace(/[\uD800-\uDBFF]$/u, '')}…`;
}
