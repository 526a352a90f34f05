import { startsLikeHtml } from '../shared/http-response';

/**
 * Does the home page, asked for with `Accept: text/markdown`, answer with Markdown (Cloudflare's "Markdown
 * for Agents" and servers that negotiate the same way)? Yes when a 2xx answer says `text/markdown` (or
 * `text/x-markdown`), or says plain text and reads as Markdown rather than HTML; an HTML page is a no,
 * whatever its Content-Type claims.
 */
export function isMarkdownAnswer(status: number, contentType: string | undefined, body: string): boolean {
  if (status < 200 || status >= 300 || body.trim() === '' || startsLikeHtml(body)) return false;
  const type = (contentType ?? '').toLowerCase();
  if (/^text\/(x-)?markdown\b/.test(type)) return true;
  return type.startsWith('text/plain') && /^(#{1,6} |\s*[-*] |\s*\d+\. )|\[[^\]]+\]\([^)]+\)/m.test(body);
}
