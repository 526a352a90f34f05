import { siteHost } from './site-host';
import { compareText } from './text';
import { urlsWrittenIn } from './urls-in-text';

/**
 * The one canonical form of a URL (docs/checks/article.md), so that the same page cited by
 * two platforms, or with and without tracking, counts once: https, host lower-case without `www.`,
 * no default port, no fragment, no tracking parameters, the others sorted, no trailing slash except
 * at the root, escapes of unreserved characters decoded (RFC 3986 §6.2.2.2).
 *
 * Written here rather than with `normalize-url`: that package is ESM-only, decodes more than the
 * unreserved escapes (decodeURI) and keeps `ref`; this runs in workflow code too, so stays pure.
 */

const TRACKING = /^(?:utm_.*|gclid|fbclid|ref|ref_src|mc_cid|mc_eid)$/i;
const UNRESERVED_ESCAPE = /%([0-9A-Fa-f]{2})/g;

/** An http(s) URL, or undefined for anything else, unparseable input included. */
export function parseHttpUrl(text: string, base?: URL | string): URL | undefined {
  if (text.trim() === '') return undefined;
  try {
    const url = new URL(text.trim(), base);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url : undefined;
  } catch {
    return undefined;
  }
}

export function canonicalUrl(raw: string): string | undefined {
  const url = parseHttpUrl(raw);
  if (!url) return undefined;
  url.protocol = 'https:'; // a port that is https's default disappears here
  const params = [...url.searchParams].filter(([key]) => !TRACKING.test(key));
  // By key only, keeping the order of repeated keys: `a=2&a=1` is not `a=1&a=2` to every server.
  params.sort(([a], [b]) => compareText(a, b));
  const query = new URLSearchParams(params).toString();
  const path = url.pathname.length > 1 ? url.pathname.replace(/\/+$/, '') || '/' : url.pathname;
  // Credentials are dropped: they identify a visitor, not a page.
  return `https://${siteHost(url.hostname)}${url.port ? `:${url.port}` : ''}${decodeUnreserved(path)}${query ? `?${decodeUnreserved(query)}` : ''}`;
}

/** Each http(s) URL once, canonical, in the order first seen; anything else dropped. */
export function canonicalUrls(candidates: readonly unknown[]): string[] {
  const seen = new Set<string>();
  for (const candidate of candidates) {
    const url = typeof candidate === 'string' ? canonicalUrl(candidate) : undefined;
    if (url) seen.add(url);
  }
  return [...seen];
}

function decodeUnreserved(text: string): string {
  return text.replace(UNRESERVED_ESCAPE, (escape, hex: string) => {
    const char = String.fromCharCode(parseInt(hex, 16));
    return /[A-Za-z0-9\-._~]/.test(char) ? char : escape.toUpperCase();
  });
}

/** The http(s) URLs written in a text, canonical, each once, in order. */
export function urlsInText(text: string): string[] {
  return canonicalUrls(urlsWrittenIn(text));
}
