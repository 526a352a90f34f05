/** Text cut to size for reports and messages. */

/**
 * At most `max` characters: a longer text is cut and ends with "…". Never ends on half a surrogate
 * pair (an emoji split in two is a broken character in every report and JSON consumer).
 */
export function truncate(text: string, max: number): string {
  if (text.length <= max) return text;
  return `${text.slice(0, Math.max(0, max - 1)).replace(/[\uD800-\uDBFF]$/, '')}…`;
}

/** Code-point order: unlike localeCompare, the same on every worker and in workflow code. */
export function compareText(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** Text to match literally inside a regular expression: every character a pattern reads specially is escaped. */
export const escapeRegExp = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/gu, '\\$&');
