import MarkdownIt from 'markdown-it';

/**
 * An answer's layout (docs/brand-reader.md §1): the blocks its Markdown draws,
 * read from markdown-it's tokens, each with its offsets in the answer. A surface provider's own blocks
 * arrive converted to faithful Markdown, so Markdown is the one input. Names are read afterwards
 * (option-names.ts); this file knows nothing of them.
 */

export type BlockKind = 'heading' | 'item' | 'row' | 'paragraph';

export interface Span {
  start: number;
  end: number;
}

export interface Cell extends Span {
  /** 0 for the first column. */
  column: number;
}

export interface Block extends Span {
  kind: BlockKind;
  /** Where the block's own text starts, after its marker (`- `, `1. `, `## `, `| `). */
  textStart: number;
  /** A heading's level, 1–6. */
  level?: number;
  /** A list item's nesting, 1 for a top-level item; a paragraph inside an item has its item's depth. */
  depth?: number;
  /** An ordered item's number ("3" for `3. Asana`). */
  ordinal?: number;
  /** The index of the list item this block belongs to (a nested item's parent, an item's later paragraph). */
  parent?: number;
  /** Inside a block quotation. */
  quoted?: boolean;
  /** A table row's cells, the table it belongs to (counted from 0), and whether it is the header row. */
  cells?: Cell[];
  table?: number;
  isHeader?: boolean;
  /** Its table's header cells (a body row reads its columns by them). */
  header?: Cell[];
  /** Bold that opens the block's text (`**Asana**: …`, `- **Best overall:** …`), its inner text's span. */
  boldLead?: Span;
  /** The block is the bold text alone (ChatGPT's and Claude's headings: `**1. Asana**`). */
  boldOnly?: boolean;
  /** The bold that opens it is a sentence, not a name or a label: "**Top brands include Allbirds, Veja and Etiko.**" (Perplexity's lead). */
  boldSentence?: boolean;
}

const markdown = new MarkdownIt('default', { html: false, linkify: false });
type Token = ReturnType<typeof markdown.parse>[number];

export function answerBlocks(answer: string): Block[] {
  // markdown-it reads "\r\n" as "\n"; a space in its place keeps every offset.
  const source = answer.replace(/\r/gu, ' ');
  const lineStarts = [0];
  for (let at = source.indexOf('\n'); at >= 0; at = source.indexOf('\n', at + 1)) lineStarts.push(at + 1);
  const lineText = (line: number) =>
    source.slice(lineStarts[line]!, line + 1 < lineStarts.length ? lineStarts[line + 1]! - 1 : source.length);

  const blocks: Block[] = [];
  const items: { index: number | undefined; depth: number }[] = [];
  let quoted = 0;
  let heading: number | undefined;
  let table = -1;
  let header: Cell[] | undefined;
  let inHead = false;
  let itemOpened = false;
  let ordinal: number | undefined;

  const tokens = markdown.parse(source, {});
  for (const [index, token] of tokens.entries()) {
    switch (token.type) {
      case 'blockquote_open':
        quoted++;
        break;
      case 'blockquote_close':
        quoted--;
        break;
      case 'heading_open':
        heading = Number(token.tag.slice(1));
        break;
      case 'heading_close':
        heading = undefined;
        break;
      case 'list_item_open':
        items.push({ index: undefined, depth: items.length + 1 });
        itemOpened = true;
        ordinal = token.info ? Number(token.info) : undefined;
        break;
      case 'list_item_close':
        items.pop();
        itemOpened = false;
        break;
      case 'table_open':
        table++;
        header = undefined;
        break;
      case 'thead_open':
        inHead = true;
        break;
      case 'thead_close':
        inHead = false;
        break;
      case 'tr_open': {
        const line = token.map![0];
        const cells = cellsOf(lineText(line), lineStarts[line]!);
        if (inHead) header = cells;
        blocks.push({
          kind: 'row',
          start: lineStarts[line]!,
          end: lineStarts[line]! + lineText(line).length,
          textStart: cells[0]?.start ?? lineStarts[line]!,
          cells,
          table,
          isHeader: inHead,
          ...(inHead || !header ? {} : { header }),
          ...context(),
        });
        break;
      }
      case 'inline': {
        if (!token.map || tokens[index - 1]?.type === 'th_open' || tokens[index - 1]?.type === 'td_open') break;
        if (heading !== undefined) {
          const [block] = lineBlocks(token, 'heading');
          if (block) blocks.push({ ...block, level: heading });
        } else if (itemOpened && items.length > 0) {
          // An item's first paragraph is the item; its later paragraphs are paragraphs inside it.
          itemOpened = false;
          const item = items[items.length - 1]!;
          const lines = lineBlocks(token, 'item');
          if (lines.length === 0) break;
          const start = lineStarts[token.map[0]]!;
          const parent = items.length > 1 ? items[items.length - 2]!.index : undefined;
          item.index = blocks.length;
          blocks.push({
            ...lines[0]!,
            start,
            end: lines[lines.length - 1]!.end,
            depth: item.depth,
            ...(ordinal !== undefined ? { ordinal } : {}),
            ...(parent !== undefined ? { parent } : {}),
          });
        } else {
          for (const block of lineBlocks(token, 'paragraph')) blocks.push(block);
        }
        break;
      }
      case 'code_block':
      case 'fence':
      case 'html_block':
        if (token.map)
          for (let line = token.map[0]; line < token.map[1]; line++)
            if (lineText(line).trim() !== '')
              blocks.push({
                kind: 'paragraph',
                start: lineStarts[line]!,
                end: lineStarts[line]! + lineText(line).length,
                textStart: lineStarts[line]!,
                ...context(),
              });
        break;
      default:
        break;
    }
  }
  return blocks;

  function context(): Pick<Block, 'quoted' | 'parent' | 'depth'> {
    const item = [...items].reverse().find((open) => open.index !== undefined);
    return { ...(quoted > 0 ? { quoted: true } : {}), ...(item ? { parent: item.index!, depth: item.depth } : {}) };
  }

  /**
   * The blocks one inline token's lines make: a heading or an item is one block; a paragraph is one
   * block a line (captures run paragraphs together without blank lines), and a line between pipes is a
   * table row whose rule line a capture lost.
   */
  function lineBlocks(token: Token, kind: BlockKind): Block[] {
    const first = token.map![0];
    const lines = token.content.split('\n');
    const placed = lines.map((content, offset) => {
      const line = first + offset;
      const text = lineText(line);
      const at = text.indexOf(content);
      const textStart = lineStarts[line]! + Math.max(0, at);
      return { line, content, textStart, end: textStart + content.length };
    });
    const made = (from: (typeof placed)[number], to: (typeof placed)[number], as: BlockKind): Block => {
      const block: Block = {
        kind: as,
        start: kind === 'paragraph' ? from.textStart : lineStarts[from.line]!,
        end: to.end,
        textStart: from.textStart,
        ...(as === 'item' ? {} : context()),
      };
      const bold = boldLeadOf(source, block.textStart, to.end);
      if (bold) {
        block.boldLead = bold.lead;
        if (bold.only) block.boldOnly = true;
        if (bold.sentence) block.boldSentence = true;
      }
      return block;
    };
    if (kind !== 'paragraph') return placed.length > 0 ? [made(placed[0]!, placed[placed.length - 1]!, kind)] : [];
    return placed
      .filter((line) => line.content.trim() !== '')
      .map((line) => {
        const trimmed = line.content.trim();
        if (trimmed.length > 1 && trimmed.startsWith('|') && trimmed.endsWith('|')) {
          const cells = cellsOf(lineText(line.line), lineStarts[line.line]!);
          return {
            kind: 'row',
            start: line.textStart,
            end: line.end,
            textStart: cells[0]?.start ?? line.textStart,
            cells,
            ...context(),
          } satisfies Block;
        }
        return made(line, line, 'paragraph');
      });
  }
}

/** Longer bold is a sentence, not a heading's name or label (name-words.ts's MAX_NAME_WORDS, kept here apart from the name rules). */
const MAX_BOLD_NAME_WORDS = 8;

/** Bold (`**…**` or `__…__`) that opens the text at `from`, after an item's or heading's number; `only` when nothing but a colon follows it. */
function boldLeadOf(source: string, from: number, to: number): { lead: Span; only: boolean; sentence: boolean } | undefined {
  const text = source.slice(from, to);
  let at = 0;
  while (at < text.length && /[\s\d.)#]/u.test(text[at]!) && at < 6) at++;
  const marker = text.slice(at, at + 2);
  if (marker !== '**' && marker !== '__') return undefined;
  const close = text.indexOf(marker, at + 2);
  if (close <= at + 2 || text.slice(at + 2, close).includes('\n')) return undefined;
  const rest = text.slice(close + 2).trim();
  const inner = text.slice(at + 2, close).trim();
  return {
    lead: { start: from + at + 2, end: from + close },
    only: rest === '' || rest === ':' || rest === '：',
    sentence: inner.split(/\s+/u).length > MAX_BOLD_NAME_WORDS || /[.!?]$/u.test(inner),
  };
}

/** A row's cells between its pipes (a backslash-escaped pipe stays in its cell). */
function cellsOf(line: string, lineStart: number): Cell[] {
  const cells: Cell[] = [];
  const first = line.indexOf('|');
  const bounded = first >= 0 && line.trimEnd().endsWith('|');
  let cellStart = first >= 0 ? first + 1 : 0;
  for (let at = cellStart; at < line.length; at++) {
    if (line[at] !== '|' || line[at - 1] === '\\') continue;
    cells.push({ start: lineStart + cellStart, end: lineStart + at, column: cells.length });
    cellStart = at + 1;
  }
  if (!bounded && line.slice(cellStart).trim() !== '')
    cells.push({ start: lineStart + cellStart, end: lineStart + line.length, column: cells.length });
  return cells;
}

/** The block at an offset: the last one starting at or before it, if it reaches it. Blocks are in reading order and do not overlap. */
export function blockAt(blocks: readonly Block[], at: number): number | undefined {
  let low = 0;
  let high = blocks.length - 1;
  if (high < 0) return undefined;
  while (low < high) {
    const middle = (low + high + 1) >> 1;
    if (blocks[middle]!.start <= at) low = middle;
    else high = middle - 1;
  }
  const block = blocks[low]!;
  return at >= block.start && at <= block.end ? low : undefined;
}
