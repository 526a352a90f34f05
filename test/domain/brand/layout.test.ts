import { answerBlocks, blockAt, type Block } from '../../../domain/brand/reader/layout';

const text = (answer: string, span: { start: number; end: number }) => answer.slice(span.start, span.end);
const own = (answer: string, block: Block) => answer.slice(block.textStart, block.end);

describe('an answer laid out as blocks', () => {
  it('reads headings with their levels and paragraphs, each with its offsets in the answer', () => {
    const answer = 'Here are three good jackets.\n\n## Best rain jackets\n\n### 1. Patagonia Torrentshell 3L\nLight and packable.';
    const blocks = answerBlocks(answer);
    expect(blocks.map((block) => [block.kind, block.level, own(answer, block)])).toEqual([
      ['paragraph', undefined, 'Here are three good jackets.'],
      ['heading', 2, 'Best rain jackets'],
      ['heading', 3, '1. Patagonia Torrentshell 3L'],
      ['paragraph', undefined, 'Light and packable.'],
    ]);
  });

  it('nests list items, with the number of an ordered item and the item a nested one belongs to', () => {
    const answer = '1. **Asana**: boards\n   - Free plan for 10 people\n   - Timeline view\n2. Trello\n\n- Notion';
    const blocks = answerBlocks(answer);
    expect(blocks.map((block) => [own(answer, block), block.depth, block.ordinal, block.parent])).toEqual([
      ['**Asana**: boards', 1, 1, undefined],
      ['Free plan for 10 people', 2, undefined, 0],
      ['Timeline view', 2, undefined, 0],
      ['Trello', 1, 2, undefined],
      ['Notion', 1, undefined, undefined],
    ]);
    expect(text(answer, blocks[0]!.boldLead!)).toBe('Asana');
    // The item's block starts at its marker, so an offset on the marker line finds it.
    expect(blockAt(blocks, answer.indexOf('1.'))).toBe(0);
  });

  it('keeps a wrapped line in its item, as Markdown does', () => {
    const answer = '- Marmot PreCip\nstill the budget pick\n- Columbia Watertight II';
    const blocks = answerBlocks(answer);
    expect(blocks.map((block) => own(answer, block))).toEqual(['Marmot PreCip\nstill the budget pick', 'Columbia Watertight II']);
  });

  it('reads a table row with its cells and its header, the product names in any column', () => {
    const answer =
      'Compared:\n\n| Brand | Product Name | Key Features |\n|---|---|---|\n| Marmot | PreCip Eco | NanoPro |\n| L.L.Bean | Trail Model Rain | TEK O2 |';
    const blocks = answerBlocks(answer);
    const rows = blocks.filter((block) => block.kind === 'row');
    expect(rows.map((row) => [row.isHeader, row.cells!.map((cell) => text(answer, cell).trim())])).toEqual([
      [true, ['Brand', 'Product Name', 'Key Features']],
      [false, ['Marmot', 'PreCip Eco', 'NanoPro']],
      [false, ['L.L.Bean', 'Trail Model Rain', 'TEK O2']],
    ]);
    expect(rows[2]!.header!.map((cell) => text(answer, cell).trim())).toEqual(['Brand', 'Product Name', 'Key Features']);
    expect(rows.every((row) => row.table === 0)).toBe(true);
  });

  it('reads a table a capture lost its rule line from as rows without a header', () => {
    const answer = '| Marmot PreCip | L.L.Bean Trail Model | Columbia Watertight |\n| $100 | $89 | $70 |';
    const blocks = answerBlocks(answer);
    expect(blocks.map((block) => [block.kind, block.cells?.length])).toEqual([
      ['row', 3],
      ['row', 3],
    ]);
  });

  it("tells a line of bold alone (a heading in ChatGPT's style) from a bold lead", () => {
    const answer = '**1. Asana**\nBoards and timelines.\n\n**Trello:** simple boards.';
    const blocks = answerBlocks(answer);
    expect(blocks.map((block) => [own(answer, block), block.boldOnly ?? false, block.boldLead && text(answer, block.boldLead)])).toEqual([
      ['**1. Asana**', true, '1. Asana'],
      ['Boards and timelines.', false, undefined],
      ['**Trello:** simple boards.', false, 'Trello:'],
    ]);
  });

  it('marks a quotation, and keeps offsets where the answer has Windows line ends', () => {
    const answer = 'Intro\r\n\r\n> According to OutdoorGearLab, the Beta AR is the best.\r\n';
    const blocks = answerBlocks(answer);
    expect(blocks.map((block) => [own(answer, block), block.quoted ?? false])).toEqual([
      ['Intro', false],
      ['According to OutdoorGearLab, the Beta AR is the best.', true],
    ]);
  });
});
