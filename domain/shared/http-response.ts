/** Small readings of an HTTP response that several stages make. */

export type HeaderValue = string | string[] | undefined;

/** A header's first value (Location, Content-Type, Content-Encoding). */
export function firstHeader(value: HeaderValue): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}

/** Every value of a header that may repeat (X-Robots-Tag), joined as one list. */
export function allHeaders(value: HeaderValue): string | undefined {
  return Array.isArray(value) ? value.join(', ') : value;
}

/** An HTML page, by its Content-Type or, when that says nothing useful, by how the body starts. */
export function looksLikeHtml(contentType: string | undefined, body: string): boolean {
  return /html/i.test(contentType ?? '') || startsLikeHtml(body);
}

/**
 * The one HTML sniffer: the body opens with markup and a document-level tag (doctype, html, head,
 * body) comes early. Markdown and XML may open with a comment or a <div>; only these mean a web page.
 */
export function startsLikeHtml(body: string): boolean {
  const start = body.slice(0, 2000).trimStart();
  return start.startsWith('<') && /<(?:!doctype\s+html|html|head|body)[\s>]/i.test(start);
}
