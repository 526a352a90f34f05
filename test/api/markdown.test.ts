import { html } from '../../api/html';
import { markdownRenderer, renderMarkdown } from '../../api/markdown';

describe('answers rendered from Markdown, safely', () => {
  test('lists, bold names and tables read as they do in the assistant', () => {
    const page = renderMarkdown(
      'Top picks:\n\n1. **Asana** – flexible.\n2. **Trello** – simple.\n\n| Tool | Price |\n|---|---|\n| ClickUp | $7 |',
    ).value;
    expect(page).toContain('<ol>\n<li><strong>Asana</strong> – flexible.</li>');
    expect(page).toContain('<td>ClickUp</td>');
    expect(page).not.toContain('**');
  });

  test("an answer's own HTML is shown as text, never run", () => {
    const page = renderMarkdown('Fine. <script>alert(1)</script> <img src=x onerror=alert(2)>').value;
    expect(page).not.toContain('<script>');
    expect(page).not.toContain('<img');
    expect(page).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
  });

  test('links only to http(s), marked nofollow; images become their alt text', () => {
    const page = renderMarkdown(
      '[site](https://acme.example/) [bad](javascript:alert(1)) ![logo](https://tracker.example/pixel.png) see https://news.example/a',
    ).value;
    expect(page).toContain('<a href="https://acme.example/" rel="nofollow noopener noreferrer">site</a>');
    expect(page).toContain('<a href="https://news.example/a" rel="nofollow noopener noreferrer">');
    expect(page).not.toContain('href="javascript:');
    expect(page).not.toContain('pixel.png');
    expect(page).toContain('logo');
  });

  test("the brand page's marks apply inside Markdown (a bold name is still marked)", () => {
    const marked = markdownRenderer(
      (text) => html`${text.split('Acme Plan').map((part, index) => (index === 0 ? part : html`<mark>Acme Plan</mark>${part}`))}`,
    );
    expect(marked('1. **Acme Plan** – Gantt charts <b>').value).toContain(
      '<strong><mark>Acme Plan</mark></strong> – Gantt charts &lt;b&gt;',
    );
  });
});
