import MarkdownIt from 'markdown-it';
type Token = ReturnType<typeof markdown.parse>[number];

/**
 * A stand-in's answer, written in Markdown by a test, as the blocks a SERP-API provider returns:
 * SerpApi's `text_blocks` (paragraph, heading, list with nested `list`, table with `formatted`,
 * code_block with only `snippet`) and DataForSEO's `ai_overview_*_element` items.
 */

const markdown = new MarkdownIt();

export interface ListItem {
  title?: string;
  snippet: string;
  reference_indexes: number[];
  list?: ListItem[];
}

export type SerpApiBlock =
  | { type: 'paragraph'; snippet: string; reference_indexes: number[] }
  | { type: 'heading'; snippet: string }
  | { type: 'list'; list: ListItem[] }
  | { type: 'table'; table: string[][]; formatted: Record<string, string>[] }
  | { type: 'code_block'; snippet: string };

/** Reference marks spread over the blocks: each block cites the references in turn. */
export function serpApiBlocks(text: string, references: number): SerpApiBlock[] {
  const tokens = markdown.parse(text, {});
  const blocks: SerpApiBlock[] = [];
  let mark = 0;
  const refs = () => (references === 0 ? [] : [mark++ % references]);
  for (let index = 0; index < tokens.length; index += 1) {
    const token = tokens[index]!;
    if (token.type === 'heading_open') blocks.push({ type: 'heading', snippet: plain(tokens[index + 1]!) });
    else if (token.type === 'paragraph_open' && token.level === 0)
      blocks.push({ type: 'paragraph', snippet: plain(tokens[index + 1]!), reference_indexes: refs() });
    else if ((token.type === 'bullet_list_open' || token.type === 'ordered_list_open') && token.level === 0) {
      const [list, end] = listItems(tokens, index, refs);
      blocks.push({ type: 'list', list });
      index = end;
    } else if (token.type === 'table_open') {
      const [table, end] = tableRows(tokens, index);
      const [header = [], ...rows] = table;
      blocks.push({
        type: 'table',
        table,
        formatted: rows.map((row) => Object.fromEntries(header.map((name, column) => [name, row[column] ?? '']))),
      });
      index = end;
    } else if (token.type === 'fence' || token.type === 'code_block')
      blocks.push({ type: 'code_block', snippet: token.content.replace(/\n$/, '') });
  }
  return blocks;
}

/** A list from its open token: each item's lead in bold (`**Name**: text`) is its title, a nested list its `list`. */
function listItems(tokens: Token[], start: number, refs: () => number[]): [ListItem[], number] {
  const items: ListItem[] = [];
  const closing = tokens[start]!.type.replace('_open', '_close');
  let index = start + 1;
  for (; index < tokens.length && !(tokens[index]!.type === closing && tokens[index]!.level === tokens[start]!.level); index += 1) {
    const token = tokens[index]!;
    if (token.type === 'inline' && tokens[index - 1]!.type === 'paragraph_open' && tokens[index - 2]!.type === 'list_item_open') {
      const lead = /^\*\*(.+?)\*\*:?\s*(.*)$/s.exec(token.content);
      items.push({ ...(lead ? { title: lead[1]! } : {}), snippet: lead ? lead[2]! : token.content, reference_indexes: refs() });
    } else if ((token.type === 'bullet_list_open' || token.type === 'ordered_list_open') && items.length > 0) {
      const [nested, end] = listItems(tokens, index, refs);
      items.at(-1)!.list = nested;
      index = end;
    }
  }
  return [items, index];
}

function tableRows(tokens: Token[], start: number): [string[][], number] {
  const rows: string[][] = [];
  let index = start + 1;
  for (; tokens[index]!.type !== 'table_close'; index += 1) {
    const token = tokens[index]!;
    if (token.type === 'tr_open') rows.push([]);
    else if (token.type === 'inline') rows.at(-1)!.push(token.content);
  }
  return [rows, index];
}

const plain = (token: Token): string => token.content.replace(/\*\*(.+?)\*\*/g, '$1');

/** DataForSEO's elements: one per top-level block, each with its own Markdown; tables as table elements. */
export function dataForSeoElements(text: string, references: { url: string; title: string; domain: string }[]): Record<string, unknown>[] {
  const tokens = markdown.parse(text, {});
  const lines = text.split('\n');
  const elements: Record<string, unknown>[] = [];
  for (let index = 0; index < tokens.length; index += 1) {
    const token = tokens[index]!;
    if (token.level !== 0 || !token.map || token.nesting === -1) continue;
    const source = lines.slice(token.map[0], token.map[1]).join('\n').trim();
    if (token.type === 'table_open') {
      const [[header = [], ...rows], end] = tableRows(tokens, index);
      elements.push({ type: 'ai_overview_table_element', markdown: source, table: { table_header: header, table_content: rows } });
      index = end;
      continue;
    }
    const refs = references.length === 0 ? [] : [references[elements.length % references.length]!];
    elements.push({
      type: 'ai_overview_element',
      title: null,
      text: source.replace(/[*#|`-]/g, '').trim(),
      markdown: source,
      links: null,
      images: null,
      references: refs.map((ref) => ({
        type: 'ai_overview_reference',
        source: ref.domain,
        domain: ref.domain,
        url: ref.url,
        title: ref.title,
        text: null,
      })),
    });
  }
  return elements;
}
