/** Deeper than any real page; the HTML parser's cost grows with the square of the depth. */
export const MAX_NESTING_DEPTH = 2_048;

// Elements that never hold children, and those whose end tag the parser implies when the next one opens.
const RAW_TEXT = new Set([
  'script',
  'style',
  'title',
  'textarea',
  'template',
  'noscript',
  'xmp',
  'iframe',
  'noembed',
  'noframes',
  'plaintext',
]);
const NO_DEPTH = new Set([
  'area',
  'base',
  'br',
  'col',
  'embed',
  'hr',
  'img',
  'input',
  'link',
  'meta',
  'source',
  'track',
  'wbr',
  'p',
  'li',
  'dt',
  'dd',
  'option',
  'optgroup',
  'tr',
  'td',
  'th',
  'thead',
  'tbody',
  'tfoot',
  'rp',
  'rt',
  'colgroup',
  'caption',
]);

/**
 * The document with its elements nested at most MAX_NESTING_DEPTH deep: a hostile page of endless
 * <div>s would otherwise hold a worker's CPU for minutes. Tags past the limit are dropped, together
 * with as many closing tags, so every word stays. One linear scan; it only ever counts too low
 * (implied end tags are not counted), so no real page is changed.
 */
export function withinNestingLimit(html: string): string {
  const tag = /<(\/?)([a-zA-Z][a-zA-Z0-9-]*)[^>]*?(\/?)>/g;
  let depth = 0;
  let dropped = 0;
  let kept = '';
  let copiedUpTo = 0;
  for (let match = tag.exec(html); match; match = tag.exec(html)) {
    const [text, closing, name = '', selfClosing] = match;
    const element = name.toLowerCase();
    if (NO_DEPTH.has(element) || selfClosing) continue;
    let drop = false;
    if (!closing) {
      // Raw-text elements keep their tags: dropping one would turn a script into visible text.
      drop = depth >= MAX_NESTING_DEPTH && !RAW_TEXT.has(element);
      if (drop) dropped++;
      else depth++;
    } else if (dropped > 0 && !RAW_TEXT.has(element)) {
      drop = true;
      dropped--;
    } else {
      depth = Math.max(0, depth - 1);
    }
    if (drop) {
      kept += html.slice(copiedUpTo, match.index);
      copiedUpTo = match.index + text.length;
    }
  }
  return copiedUpTo === 0 ? html : kept + html.slice(copiedUpTo);
}
