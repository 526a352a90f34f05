/**
 * Walking a parsed HTML tree (cheerio's or domhandler's nodes) without recursion and without a selector per
 * question: hostile pages nest deeper than the call stack goes, and each selector walks the whole tree again.
 */

/** Icon markup: its <title> and links are not the page's. */
const ICONS = new Set(['svg']);
/** Subtrees a reader never sees as text. */
const INVISIBLE = new Set(['head', 'title', 'script', 'style', 'noscript', 'template', 'svg']);

/** The part of domhandler's node shape these helpers read (cheerio's nodes have it). */
export interface MarkupNode {
  type: string;
  name?: string;
  data?: string;
  attribs?: Record<string, string>;
  children?: MarkupNode[];
}

/**
 * The page's elements by tag name and by "#id", in document order. One pass instead of a cheerio selector per
 * signal: each selector walks the whole tree again, at a cost that grows with the square of the nesting depth.
 */
export function indexElements(root: MarkupNode | undefined): (key: string) => MarkupNode[] {
  const index = new Map<string, MarkupNode[]>();
  const add = (key: string, element: MarkupNode) => {
    const list = index.get(key);
    if (list) list.push(element);
    else index.set(key, [element]);
  };
  for (const node of descendants(root, ICONS)) {
    if (!node.name || !node.attribs) continue;
    add(node.name, node);
    if (node.attribs['id']) add(`#${node.attribs['id']}`, node);
  }
  return (key) => index.get(key) ?? [];
}

/** Nodes under `node` in document order, without the insides of `skipped` elements. A loop, not recursion: hostile pages nest deeper than the call stack goes. */
export function* descendants(node: MarkupNode | undefined, skipped: ReadonlySet<string>): Generator<MarkupNode> {
  const pending: MarkupNode[] = [];
  const pushChildren = (parent: MarkupNode) => {
    const children = parent.children ?? [];
    for (let i = children.length - 1; i >= 0; i--) pending.push(children[i]!);
  };
  if (node) pushChildren(node);
  for (let next = pending.pop(); next; next = pending.pop()) {
    yield next;
    if (!skipped.has(next.name ?? '')) pushChildren(next);
  }
}

/** Whitespace-collapsed text a reader sees inside `node`. */
export function visibleText(node: MarkupNode | undefined): string {
  const parts: string[] = [];
  for (const child of descendants(node, INVISIBLE)) {
    if (child.type === 'text') parts.push(child.data ?? '');
  }
  // Joined with spaces, so that "<li>Pricing</li><li>Docs</li>" stays two words.
  return collapse(parts.join(' '));
}

/** Text exactly as written (a script's JSON), where visibleText would hide it. */
export function rawText(element: MarkupNode): string {
  return (element.children ?? []).map((child) => child.data ?? '').join('');
}

export function attr(element: MarkupNode | undefined, name: string): string {
  return element?.attribs?.[name] ?? '';
}

/** Runs of whitespace as one space, trimmed. */
export function collapse(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}
