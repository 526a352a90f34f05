/**
 * Citation URLs in the order the platform gave them, each once. Anything that is not an http(s) URL is
 * dropped: platforms differ in what they put in these fields, and the report counts citations by domain.
 */
export function uniqueUrls(candidates: readonly unknown[]): string[] {
  const seen = new Set<string>();
  for (const candidate of candidates) {
    if (typeof candidate === 'string' && isHttpUrl(candidate)) seen.add(candidate);
  }
  return [...seen];
}

function isHttpUrl(text: string): boolean {
  try {
    const { protocol } = new URL(text);
    return protocol === 'http:' || protocol === 'https:';
  } catch {
    return false;
  }
}
