import MarkdownIt from 'markdown-it';
import { dataForSeoMarkdown, serpApiMarkdown } from '../../../domain/shared/surface-markdown';

/** A surface's blocks as Markdown whose layout markdown-it reads back: nesting, header rows, titles. */

const layout = (markdown: string) =>
  new MarkdownIt()
    .parse(markdown, {})
    .filter((token) => token.nesting === 1)
    .map((token) => `${token.type}@${token.level}`);

test('a SerpApi list keeps its nesting and its items’ titles as bold leads; a table its header row', () => {
  const markdown = serpApiMarkdown([
    { type: 'heading', snippet: 'Best options' },
    { type: 'paragraph', snippet: 'Several tools stand out:\nhere they are.' },
    {
      type: 'list',
      list: [
        { title: 'Asana:', snippet: 'for agencies', list: [{ snippet: 'timelines', list: [{ snippet: 'gantt | charts' }] }] },
        { snippet: 'Trello' },
      ],
    },
    {
      type: 'table',
      table: [
        ['Tool', 'Price'],
        ['Asana', '$10 | month'],
      ],
    },
    { type: 'expandable', title: 'Pricing details', text_blocks: [{ type: 'paragraph', snippet: 'Asana costs more.' }] },
    { type: 'code_block', snippet: 'npm i asana' },
  ]);
  expect(markdown).toBe(
    [
      '## Best options',
      'Several tools stand out: here they are.',
      '- **Asana**: for agencies\n  - timelines\n    - gantt | charts\n- Trello',
      '| Tool | Price |\n| --- | --- |\n| Asana | $10 \\| month |',
      '### Pricing details\n\nAsana costs more.',
      '```\nnpm i asana\n```',
    ].join('\n\n'),
  );
  expect(layout(markdown)).toEqual(
    expect.arrayContaining(['bullet_list_open@0', 'bullet_list_open@2', 'bullet_list_open@4', 'thead_open@1', 'tr_open@2']),
  );
  const html = new MarkdownIt().render(markdown);
  expect(html).toContain('<th>Tool</th>');
  expect(html).toContain('<td>$10 | month</td>');
  expect(html).toContain('<strong>Asana</strong>: for agencies');
});

test("DataForSEO's elements: their own Markdown, an expanded element's title and components, a table without Markdown from its header and rows", () => {
  expect(
    dataForSeoMarkdown([
      { type: 'ai_overview_element', markdown: '**Asana** leads.' },
      { type: 'ai_overview_expanded_element', title: 'Why', components: [{ type: 'ai_overview_element', markdown: '- fast\n- simple' }] },
      { type: 'ai_overview_table_element', table: { table_header: ['Tool', 'Price'], table_content: [['Asana', '$10']] } },
    ]),
  ).toBe('**Asana** leads.\n\n### Why\n\n- fast\n- simple\n\n| Tool | Price |\n| --- | --- |\n| Asana | $10 |');
});
