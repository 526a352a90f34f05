/**
 * A surface's answer as the provider gives it, in blocks, written out as the Markdown a person would
 * read (docs/surfaces.md#what-an-answer-keeps): headings stay headings, a list keeps its
 * nesting and its items' titles as bold leads, a table keeps its header row, an expandable section its
 * title. The brand reader then reads this layout with markdown-it like any other answer.
 */

/** SerpApi's text block (AI Mode and AI Overviews), as its documentation and schema list the fields. */
export interface SerpApiTextBlock {
  type?: string;
  snippet?: string;
  title?: string;
  list?: SerpApiListItem[];
  table?: string[][];
  /** An expandable section's own blocks. */
  text_blocks?: SerpApiTextBlock[];
  reference_indexes?: number[];
}

export interface SerpApiListItem {
  title?: string;
  snippet?: string;
  list?: SerpApiListItem[];
  reference_indexes?: number[];
}

export function serpApiMarkdown(blocks: readonly SerpApiTextBlock[]): string {
  return joinBlocks(blocks.map(serpApiBlock));
}

function serpApiBlock(block: SerpApiTextBlock): string {
  switch (block.type) {
    case 'heading':
      return block.snippet ? `## ${inline(block.snippet)}` : '';
    case 'list':
      return joinLines([block.snippet ? inline(block.snippet) : '', listMarkdown(block.list ?? [], 0)]);
    case 'table':
      return joinBlocks([block.snippet ? inline(block.snippet) : '', tableMarkdown(block.table?.[0] ?? [], block.table?.slice(1) ?? [])]);
    case 'code_block':
      return block.snippet ? `\`\`\`\n${block.snippet}\n\`\`\`` : '';
    case 'expandable':
      return joinBlocks([block.title ? `### ${inline(block.title)}` : '', serpApiMarkdown(block.text_blocks ?? [])]);
    default:
      // A paragraph, or a type the provider adds later: its text is still the answer's.
      return joinBlocks([block.snippet ? inline(block.snippet) : '', block.list ? listMarkdown(block.list, 0) : '']);
  }
}

function listMarkdown(items: readonly SerpApiListItem[], depth: number): string {
  const indent = '  '.repeat(depth);
  return items
    .map((item) => {
      const title = item.title ? `**${inline(item.title.replace(/:\s*$/, ''))}**` : '';
      const snippet = item.snippet ? inline(item.snippet) : '';
      const line = `${indent}- ${[title && snippet ? `${title}: ${snippet}` : title || snippet].join('')}`;
      return item.list && item.list.length > 0 ? `${line}\n${listMarkdown(item.list, depth + 1)}` : line;
    })
    .join('\n');
}

/** A GitHub-style table: the header row, its rule, then the rows, each as wide as the header. */
export function tableMarkdown(header: readonly string[], rows: readonly (readonly string[])[]): string {
  if (header.length === 0) return '';
  const cells = (row: readonly string[]) => `| ${header.map((_, index) => cell(row[index] ?? '')).join(' | ')} |`;
  return [cells(header), `| ${header.map(() => '---').join(' | ')} |`, ...rows.map(cells)].join('\n');
}

const cell = (text: string): string => inline(text).replace(/\|/g, '\\|');

/** One line: a block's text never breaks the Markdown around it. */
const inline = (text: string): string => text.replace(/\s*\n\s*/g, ' ').trim();

const joinBlocks = (parts: readonly string[]): string => parts.filter((part) => part.trim() !== '').join('\n\n');
const joinLines = (parts: readonly string[]): string => parts.filter((part) => part.trim() !== '').join('\n\n');

/** DataForSEO's elements inside an AI Overview or AI Mode item (`ai_overview_*_element`). */
export interface DataForSeoElement {
  type?: string;
  title?: string | null;
  text?: string | null;
  markdown?: string | null;
  url?: string | null;
  source?: string | null;
  components?: DataForSeoElement[] | null;
  table?: { table_header?: string[] | null; table_content?: string[][] | null } | null;
}

/**
 * DataForSEO gives each element its own Markdown (`markdown`); where an element has none, its title,
 * text and table are written out the same way.
 */
export function dataForSeoMarkdown(elements: readonly DataForSeoElement[]): string {
  return joinBlocks(elements.map(dataForSeoElement));
}

function dataForSeoElement(element: DataForSeoElement): string {
  if (element.type === 'ai_overview_expanded_element') {
    return joinBlocks([
      element.title ? `### ${inline(element.title)}` : '',
      element.text ?? '',
      dataForSeoMarkdown(element.components ?? []),
    ]);
  }
  if (element.markdown) return element.markdown.trim();
  if (element.type === 'ai_overview_table_element' && element.table)
    return tableMarkdown(element.table.table_header ?? [], element.table.table_content ?? []);
  if (element.type === 'ai_overview_video_element') return element.title && element.url ? `[${inline(element.title)}](${element.url})` : '';
  return joinBlocks([element.title ? `### ${inline(element.title)}` : '', element.text ?? '']);
}
