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
  return /html/i.test(contentType ?? '') || /^\s*<(!doctype html|html)/i.test(body.slice(0, 200));
}
