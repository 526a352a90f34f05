/**
 * saxes reads everything from a bare & up to the next ';' as one entity name, so the commonest sitemap mistake
 * (an unescaped & in a URL) would be reported far away, at the wrong line, after buffering without bound.
 * This finds it first, skipping CDATA sections, comments and processing instructions, where & is literal.
 * Text that cannot be judged yet (a chunk ending in "&am" or "<!-") is held back until the next chunk.
 */
export class BareAmpersandFinder {
  private awaiting: ']]>' | '-->' | '?>' | undefined;
  private held = '';

  scan(chunk: string, isLast: boolean): { safe: string; bareAmpersandNext: boolean } {
    const text = this.held + chunk;
    let holdFrom = text.length;
    let bareAmpersandNext = false;
    let at = 0;
    while (at < text.length) {
      if (this.awaiting) {
        const end = text.indexOf(this.awaiting, at);
        if (end === -1) {
          holdFrom = Math.max(at, text.length - this.awaiting.length + 1);
          break;
        }
        at = end + this.awaiting.length;
        this.awaiting = undefined;
        continue;
      }
      MARKUP_START.lastIndex = at;
      at = MARKUP_START.exec(text)?.index ?? text.length;
      if (at === text.length) break;
      const rest = text.slice(at, at + MAX_ENTITY_LENGTH + 2);
      const undecided =
        text[at] === '&'
          ? PARTIAL_REFERENCE.test(rest) && rest.length <= MAX_ENTITY_LENGTH
          : rest.length < CDATA_START.length && (CDATA_START.startsWith(rest) || COMMENT_START.startsWith(rest));
      if (undecided && !isLast) {
        holdFrom = at;
        break;
      }
      if (text[at] === '&') {
        if (!REFERENCE.test(rest)) {
          holdFrom = at;
          bareAmpersandNext = true;
          break;
        }
      } else if (rest.startsWith(CDATA_START)) this.awaiting = ']]>';
      else if (rest.startsWith(COMMENT_START)) this.awaiting = '-->';
      else if (rest.startsWith('<?')) this.awaiting = '?>';
      at += 1;
    }
    this.held = text.slice(holdFrom);
    return { safe: text.slice(0, holdFrom), bareAmpersandNext };
  }
}

const MARKUP_START = /[&<]/g;
const CDATA_START = '<![CDATA[';
const COMMENT_START = '<!--';
/** Longer than any entity a sitemap uses; a longer name is treated as a bare & rather than buffered. */
const MAX_ENTITY_LENGTH = 32;
const REFERENCE = /^&(?:[A-Za-z_:][\w.:-]*|#\d+|#x[\dA-Fa-f]+);/;
const PARTIAL_REFERENCE = /^&(?:[A-Za-z_:][\w.:-]*|#\d*|#x[\dA-Fa-f]*)?$/;
