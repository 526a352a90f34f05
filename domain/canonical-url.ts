import { siteHost } from './site-host';

/**
 * The one URL canonicalisation of the service (DESIGN.md, "Article GEO check"), for every citation,
 * source, cited page and "is this the same page" decision: host lower case without "www.", https,
 * no default port, no fragment, no tracking parameters (utm_*, gclid, fbclid, ref, …), the other
 * parameters sorted, unreserved percent-escapes decoded, and no trailing slash except at the root.
 * Pure (the WHATWG URL parser is a global in Node and in Temporal's workflow sandbox).
 */

const TRACKING = /^(?:utm_.*|gclid|fbclid|msclkid|dclid|mc_cid|mc_eid|ref|ref_src|_hsenc|_hsmkt|igshid|yclid)$/i;
/** Trailing punctuation that ends a sentence, not a URL. */
const TRAILING_PUNCTUATION = /[.,;:!?'"”’)\]]+$/u;
const URL_IN_TEXT = /https?:\/\/[^\s<>"'`)\]]+/giu;

/** The canonical form of an http(s) URL, or undefined for anything else. */
export function canonicalUrl(raw: string): string | undefined {
  let url: URL;
  try {
    url = new URL(raw.trim().replace(TRAILING_PUNCTUATION, ''));
  } catch {
    return undefined;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return undefined;
  const host = siteHost(url.hostname);
  const path = decodeUnreserved(url.pathname).replace(/\/+$/u, '') || '/';
  const params = [...url.searchParams.entries()]
    .filter(([key]) => !TRACKING.test(key))
    .sort(([a, x], [b, y]) => (a < b ? -1 : a > b ? 1 : x < y ? -1 : x > y ? 1 : 0));
  const query = params.length ? `?${new URLSearchParams(params).toString()}` : '';
  // An explicit port other than the default stays; URL already drops :443 and :80 for their schemes.
  const port = url.port && !(url.protocol === 'http:' && url.port === '80') ? `:${url.port}` : '';
  return `https://${host}${port}${path}${query}`;
}

/** The http(s) URLs written in a text, canonical, each once. */
export function urlsInText(text: string): string[] {
  return [...new Set((text.match(URL_IN_TEXT) ?? []).map(canonicalUrl).filter((url): url is string => url !== undefined))];
}

/** %41 → A, %7E → ~: escapes of unreserved characters (RFC 3986 §2.3) mean the same as the characters. */
function decodeUnreserved(path: string): string {
  return path.replace(/%([0-9A-Fa-f]{2})/gu, (escape, hex: string) => {
    const char = String.fromCharCode(parseInt(hex, 16));
    return /[A-Za-z0-9\-._~]/u.test(char) ? char : escape.toUpperCase();
  });
}
