import { analyseLlmsTxt, type LlmsTxtAnalysis, type LlmsTxtProblem } from '../../../domain/site/llms-txt';

const served = { contentType: 'text/plain; charset=utf-8', siteOrigin: 'https://docs.fastht.ml' };

// The sample of llmstxt.org, as FastHTML publishes it.
const FASTHTML = `# FastHTML

> FastHTML is a python library which brings together Starlette, Uvicorn, HTMX, and fastcore's \`FT\` "FastTags" into a library for creating server-rendered hypermedia applications.

Important notes:

- Although parts of its API are inspired by FastAPI, it is *not* compatible with FastAPI syntax and is not targeted at creating API services
- FastHTML is compatible with JS-native web components and any vanilla JS library, but not with React, Vue, or Svelte.

## Docs

- [FastHTML quick start](https://docs.fastht.ml/path/quickstart.html.md): A brief overview of many FastHTML features
- [HTMX reference](https://raw.githubusercontent.com/path/reference.md): Brief description of all HTMX attributes, CSS classes, headers, events, extensions, js lib methods, and config options

## Examples

- [Todo list application](https://raw.githubusercontent.com/path/adv_app.py): Detailed walk-thru of a complete CRUD app in FastHTML showing idiomatic use of FastHTML and HTMX patterns.

## Optional

- [Starlette full documentation](https://gist.githubusercontent.com/path/starlette-sml.md): A subset of the Starlette documentation useful for FastHTML development.
`;

const messages = (analysis: LlmsTxtAnalysis) => analysis.problems.map((problem) => problem.message);
const problemsMatching = (analysis: LlmsTxtAnalysis, pattern: RegExp) =>
  analysis.problems.filter((problem) => pattern.test(problem.message));

describe('a well-formed llms.txt', () => {
  test('is valid, with its title, summary, sections and links read as the site wrote them', () => {
    const analysis = analyseLlmsTxt(FASTHTML, served);

    expect(analysis.problems).toEqual([]);
    expect(analysis.valid).toBe(true);
    expect(analysis.title).toBe('FastHTML');
    expect(analysis.summary).toMatch(/^FastHTML is a python library .* hypermedia applications\.$/);
    expect(analysis.sections.map((section) => section.name)).toEqual(['Docs', 'Examples', 'Optional']);
    expect(analysis.linkCount).toBe(4);
    expect(analysis.sections[0]!.links[0]).toEqual({
      title: 'FastHTML quick start',
      url: 'https://docs.fastht.ml/path/quickstart.html.md',
      notes: 'A brief overview of many FastHTML features',
    });
  });

  test('links in the details before the first section are not links of a section', () => {
    const text = FASTHTML.replace(
      'Important notes:\n',
      'Get help on [Discord](https://discord.gg/qcXvcxMhdP).\n\n- [Community forum](https://forum.fastht.ml): questions and answers\n\nImportant notes:\n',
    );
    const analysis = analyseLlmsTxt(text, served);
    expect(analysis.problems).toEqual([]);
    expect(analysis.linkCount).toBe(4);
  });

  test('a BOM, CRLF endings, * and + markers, trailing spaces, closing hashes and emphasis are tolerated', () => {
    const text =
      '\uFEFF# **Acme** Payments  \r\n\r\n> Card payments for online shops.   \r\n\r\n## API reference ##\r\n\r\n' +
      '* [Charges](https://acme.com/docs/charges.md): Create, capture and refund charges   \r\n' +
      '+ [**Webhooks**](https://acme.com/docs/webhooks.md)\r\n';
    const analysis = analyseLlmsTxt(text, { contentType: 'text/markdown; charset=UTF-8' });

    expect(analysis.problems).toEqual([]);
    expect(analysis.title).toBe('Acme Payments');
    expect(analysis.summary).toBe('Card payments for online shops.');
    expect(analysis.sections).toEqual([
      {
        name: 'API reference',
        links: [
          { title: 'Charges', url: 'https://acme.com/docs/charges.md', notes: 'Create, capture and refund charges' },
          { title: 'Webhooks', url: 'https://acme.com/docs/webhooks.md' },
        ],
      },
    ]);
  });

  test('notes keep their colons and brackets, URLs their parentheses, and names their escaped brackets', () => {
    const text = `# Acme

> Card payments for online shops.

## Guides

- [Webhooks](https://acme.com/docs/webhooks.md): Events: retries, signatures [beta] (see also: [Events](https://acme.com/docs/events.md))
- [Markdown](https://en.wikipedia.org/wiki/Markdown_(language)): Background reading
- [Half-open ranges \\[from, to)](https://acme.com/docs/ranges.md): Date filters in list endpoints
`;
    const [webhooks, markdown, ranges] = analyseLlmsTxt(text, served).sections[0]!.links;

    expect(webhooks).toEqual({
      title: 'Webhooks',
      url: 'https://acme.com/docs/webhooks.md',
      notes: 'Events: retries, signatures [beta] (see also: [Events](https://acme.com/docs/events.md))',
    });
    expect(markdown?.url).toBe('https://en.wikipedia.org/wiki/Markdown_(language)');
    expect(ranges?.title).toBe('Half-open ranges [from, to)');
  });

  test('a shell comment inside a code block is not a second title', () => {
    const text = `# Acme CLI

> Deploy static sites from your terminal.

Install it first:

\`\`\`bash
# install the CLI
npm install -g acme-cli
\`\`\`

## Docs

- [Deploying](https://acme.dev/docs/deploy.md): First deploy in five minutes
`;
    const analysis = analyseLlmsTxt(text, served);
    expect(analysis.problems).toEqual([]);
    expect(analysis.linkCount).toBe(1);
  });
});

describe('what is served', () => {
  // A Next.js soft 404 and a Vite single-page app shell, both answered with status 200.
  test.each([
    [
      'a soft 404',
      '<!DOCTYPE html><html lang="en"><head><meta charSet="utf-8"/><title>404: This page could not be found</title></head><body><div id="__next"><h1>404</h1></div></body></html>',
    ],
    [
      'an app shell',
      '\n<!doctype html>\n<html lang="en">\n  <head>\n    <script type="module" crossorigin src="/assets/index-4f2a.js"></script>\n  </head>\n  <body>\n    <div id="root"></div>\n  </body>\n</html>\n',
    ],
  ])('%s is an error that says an HTML page was served', (_name, html) => {
    const analysis = analyseLlmsTxt(html, { contentType: 'text/html; charset=utf-8' });
    expect(analysis.valid).toBe(false);
    expect(messages(analysis)).toEqual([expect.stringContaining('served an HTML page instead of Markdown')]);
    expect(analysis.sections).toEqual([]);
  });

  test('Markdown that opens with an HTML comment is not an HTML page', () => {
    const analysis = analyseLlmsTxt(`<!-- generated by docs-builder -->\n${FASTHTML}`, served);
    expect(messages(analysis)).not.toContainEqual(expect.stringContaining('HTML page'));
    expect(analysis.linkCount).toBe(4);
  });

  test.each<[string | null | undefined, LlmsTxtProblem['severity'][]]>([
    ['text/plain; charset=utf-8', []],
    ['text/markdown; charset=UTF-8', []],
    ['Text/Plain', []],
    ['text/html; charset=utf-8', ['error']],
    ['application/octet-stream', ['warning']],
    ['', ['warning']],
    [null, ['warning']],
    [undefined, []],
  ])('Content-Type %j gives %j', (contentType, severities) => {
    const analysis = analyseLlmsTxt(FASTHTML, { contentType });
    expect(analysis.problems.map((problem) => problem.severity)).toEqual(severities);
    expect(analysis.valid).toBe(!severities.includes('error'));
  });

  test('the Content-Type messages name the type to serve', () => {
    expect(messages(analyseLlmsTxt(FASTHTML, { contentType: 'application/octet-stream' }))).toEqual([
      "The server sends llms.txt as 'application/octet-stream': serve it as 'text/plain; charset=utf-8' or 'text/markdown; charset=utf-8' so that AI tools read it as text.",
    ]);
  });

  test.each([
    ['an empty body', ''],
    ['only a BOM and blank lines', '\uFEFF\r\n   \r\n'],
  ])('%s is an empty file, an error', (_name, text) => {
    const analysis = analyseLlmsTxt(text, served);
    expect(analysis.valid).toBe(false);
    expect(messages(analysis)).toEqual([expect.stringMatching(/^The file is empty/)]);
  });
});

describe('the title', () => {
  test('a file without an H1 is an error, and its links are still read', () => {
    const text = `## Docs

- [Quick start](https://acme.com/docs/quick-start.md): Install and first steps
`;
    const analysis = analyseLlmsTxt(text, served);
    expect(analysis.valid).toBe(false);
    expect(analysis.problems).toEqual([
      { severity: 'error', message: "The file has no H1 title: start it with a line such as '# Example Inc'." },
    ]);
    expect(analysis.linkCount).toBe(1);
  });

  test('YAML front matter before the H1 is an error on the title line', () => {
    const text = `---
title: Acme docs
---

# Acme

> Card payments for online shops.

## Docs

- [Charges](https://acme.com/docs/charges.md)
`;
    const analysis = analyseLlmsTxt(text, served);
    expect(analysis.valid).toBe(false);
    expect(analysis.title).toBe('Acme');
    expect(analysis.problems).toEqual([
      {
        severity: 'error',
        message: "The H1 title must be the first thing in the file, but line 1 comes before it: move '# Acme' to the top.",
        line: 5,
      },
    ]);
  });

  test('a second H1 is an error on its line that suggests an H2', () => {
    const text = `# Acme

> Card payments for online shops.

## Docs

- [Charges](https://acme.com/docs/charges.md)

# API

- [Refunds](https://acme.com/api/refunds.md)
`;
    const analysis = analyseLlmsTxt(text, served);
    expect(analysis.valid).toBe(false);
    expect(analysis.title).toBe('Acme');
    expect(analysis.problems).toEqual([
      {
        severity: 'error',
        message: "Line 9 is a second H1 title ('# API'): an llms.txt has exactly one; make this a '## API' section heading.",
        line: 9,
      },
    ]);
  });

  test('an empty H1 is an error', () => {
    const analysis = analyseLlmsTxt('#\n\n> Card payments.\n\n## Docs\n\n- [Charges](https://acme.com/docs/charges.md)\n', served);
    expect(analysis.valid).toBe(false);
    expect(analysis.problems).toEqual([
      expect.objectContaining({ severity: 'error', line: 1, message: expect.stringMatching(/title on line 1 is empty/) }),
    ]);
  });
});

describe('the summary', () => {
  // Mintlify-generated files often have no summary.
  const withoutSummary = `# Resend

## Docs

- [Send email](https://resend.com/docs/api-reference/emails/send-email.md): Start sending emails through the Resend Email API.
`;

  test('a missing summary is a warning only', () => {
    const analysis = analyseLlmsTxt(withoutSummary, served);
    expect(analysis.valid).toBe(true);
    expect(analysis.summary).toBeUndefined();
    expect(analysis.problems).toEqual([
      { severity: 'warning', message: expect.stringMatching(/^The file has no summary: add a blockquote right after the title/) },
    ]);
  });

  test('a summary over several lines is joined', () => {
    const text = '# Acme\n\n> Card payments\n> for online shops.\n\n## Docs\n\n- [Charges](https://acme.com/docs/charges.md)\n';
    expect(analyseLlmsTxt(text, served).summary).toBe('Card payments for online shops.');
  });

  test('a blockquote after other text is not the summary, and the warning says where to move it', () => {
    const text = `# Acme

Acme is used by 40,000 shops.

> Card payments for online shops.

## Docs

- [Charges](https://acme.com/docs/charges.md)
`;
    const analysis = analyseLlmsTxt(text, served);
    expect(analysis.summary).toBeUndefined();
    expect(analysis.problems).toEqual([
      {
        severity: 'warning',
        message: 'The summary blockquote on line 5 must come directly after the H1 title to be read as the summary: move it there.',
        line: 5,
      },
    ]);
  });
});

describe('headings and sections', () => {
  test('an H3 among the sections is a warning, and its links stay in the H2 section above', () => {
    const text = `# React

> The library for web and native user interfaces.

## Reference

- [useState](https://react.dev/reference/react/useState.md): Add a state variable to a component

### Legacy APIs

- [Children](https://react.dev/reference/react/Children.md)
`;
    const analysis = analyseLlmsTxt(text, served);
    expect(analysis.valid).toBe(true);
    expect(analysis.sections).toEqual([
      { name: 'Reference', links: [expect.objectContaining({ title: 'useState' }), expect.objectContaining({ title: 'Children' })] },
    ]);
    expect(analysis.problems).toEqual([
      {
        severity: 'warning',
        message:
          "Line 9 is a level-3 heading ('### Legacy APIs') where a '## ' section is expected: tools read the links below it as part of 'Reference'. Make it '## Legacy APIs'.",
        line: 9,
      },
    ]);
  });

  test('a heading between the title and the first section is a warning', () => {
    const text = `# Acme

> Card payments for online shops.

### Why Acme

Acme settles payouts the next business day.

## Docs

- [Charges](https://acme.com/docs/charges.md)
`;
    const analysis = analyseLlmsTxt(text, served);
    expect(analysis.valid).toBe(true);
    expect(problemsMatching(analysis, /before the first '## ' section/)).toEqual([
      expect.objectContaining({ severity: 'warning', line: 5 }),
    ]);
  });

  test('a section without links is a warning when others have links', () => {
    const text = '# Acme\n\n> Card payments.\n\n## Docs\n\n- [Charges](https://acme.com/docs/charges.md)\n\n## Changelog\n\nComing soon.\n';
    expect(analyseLlmsTxt(text, served).problems).toEqual([
      {
        severity: 'warning',
        message: "The section 'Changelog' has no links: list its pages as '- [Page name](https://…)' or remove the heading.",
        line: 9,
      },
    ]);
  });

  test('a file without any link gets one warning', () => {
    const text = '# Acme\n\n> Card payments for online shops.\n\nContact sales@acme.com for an account.\n\n## Docs\n\nSee our website.\n';
    const analysis = analyseLlmsTxt(text, served);
    expect(analysis.valid).toBe(true);
    expect(analysis.linkCount).toBe(0);
    expect(analysis.problems).toEqual([{ severity: 'warning', message: expect.stringMatching(/^The file lists no links/) }]);
  });

  test('an unclosed code block is a warning, since it hides the rest of the file', () => {
    const text =
      '# Acme\n\n> Card payments.\n\n```bash\ncurl https://api.acme.com\n\n## Docs\n\n- [Charges](https://acme.com/docs/charges.md)\n';
    const analysis = analyseLlmsTxt(text, served);
    expect(analysis.linkCount).toBe(0);
    expect(problemsMatching(analysis, /never closed/)).toEqual([expect.objectContaining({ severity: 'warning', line: 5 })]);
  });
});

describe('links', () => {
  test('list items that are not links are warnings with their line', () => {
    const text = `# Acme

> Card payments for online shops.

## Docs

- [Charges](https://acme.com/docs/charges.md)
- Refunds: https://acme.com/docs/refunds.md
- Disputes (coming soon)
`;
    const analysis = analyseLlmsTxt(text, served);
    expect(analysis.valid).toBe(true);
    expect(analysis.linkCount).toBe(1);
    expect(analysis.problems).toEqual([
      {
        severity: 'warning',
        message:
          "Line 8 in 'Docs' is a list item without a link: write it as '- [Page name](https://example.com/page): what the page covers'.",
        line: 8,
      },
      expect.objectContaining({ severity: 'warning', line: 9 }),
    ]);
  });

  test('a link with an empty name is kept, one with an empty URL is left out, and both are warnings', () => {
    const text = '# Acme\n\n> Card payments.\n\n## Docs\n\n- [](https://acme.com/docs/charges.md)\n- [Refunds]()\n';
    const analysis = analyseLlmsTxt(text, served);
    expect(analysis.sections[0]!.links).toEqual([{ title: '', url: 'https://acme.com/docs/charges.md' }]);
    expect(analysis.problems).toEqual([
      expect.objectContaining({ severity: 'warning', line: 7, message: expect.stringContaining('empty name') }),
      expect.objectContaining({ severity: 'warning', line: 8, message: expect.stringContaining('empty URL') }),
    ]);
  });

  test('relative URLs are resolved against the site and the warning recommends absolute URLs', () => {
    const text = '# Acme\n\n> Card payments.\n\n## Docs\n\n- [Charges](/docs/charges.md): Create charges\n- [Refunds](docs/refunds.md)\n';
    const analysis = analyseLlmsTxt(text, { contentType: 'text/plain', siteOrigin: 'https://acme.com' });
    expect(analysis.sections[0]!.links.map((link) => link.url)).toEqual([
      'https://acme.com/docs/charges.md',
      'https://acme.com/docs/refunds.md',
    ]);
    expect(analysis.problems[0]).toEqual({
      severity: 'warning',
      message:
        "Line 7 links to the relative URL '/docs/charges.md': absolute URLs are recommended because AI tools often read llms.txt away from your site; use 'https://acme.com/docs/charges.md' instead.",
      line: 7,
    });
    expect(analysis.problems).toHaveLength(2);
  });

  test('without a site origin, relative URLs are kept as written', () => {
    const analysis = analyseLlmsTxt('# Acme\n\n> Card payments.\n\n## Docs\n\n- [Charges](/docs/charges.md)\n', {
      contentType: 'text/plain',
    });
    expect(analysis.sections[0]!.links[0]!.url).toBe('/docs/charges.md');
    expect(messages(analysis)).toEqual([
      expect.stringMatching(/relative URL '\/docs\/charges\.md'.*write the full address, starting with https:\/\//),
    ]);
  });

  test('an address without its scheme is completed with https, not read as a path', () => {
    const analysis = analyseLlmsTxt('# Acme\n\n> Card payments.\n\n## Docs\n\n- [Charges](www.acme.com/docs/charges.md)\n', served);
    expect(analysis.sections[0]!.links[0]!.url).toBe('https://www.acme.com/docs/charges.md');
  });

  test('a mistake repeated on thousands of lines is listed ten times, then counted', () => {
    const items = Array.from({ length: 5000 }, (_, index) => `- Page ${index}`).join('\n');
    const analysis = analyseLlmsTxt(
      `# Acme\n\n> Card payments.\n\n## Docs\n\n- [Charges](https://acme.com/docs/charges.md)\n${items}\n`,
      served,
    );
    expect(problemsMatching(analysis, /is a list item without a link/)).toHaveLength(10);
    expect(messages(analysis)).toContain('There are 4990 more list items without a link after the 10 listed: fix them the same way.');
  });
});

describe('hostile and oversized files', () => {
  test('only the first 1,000,000 characters are analysed, with a warning', () => {
    const links = Array.from(
      { length: 20_000 },
      (_, index) => `- [Reference page ${index}](https://acme.com/docs/reference/page-${index}.md)`,
    ).join('\n');
    const text = `# Acme\n\n> Card payments.\n\n## Docs\n\n${links}\n`;
    expect(text.length).toBeGreaterThan(1_000_000);

    const analysis = analyseLlmsTxt(text, served);
    expect(analysis.valid).toBe(true);
    expect(analysis.title).toBe('Acme');
    expect(analysis.linkCount).toBeGreaterThan(10_000);
    expect(analysis.linkCount).toBeLessThan(20_000);
    // The cut falls on a line break: no half line is reported as a broken link.
    expect(analysis.problems).toEqual([{ severity: 'warning', message: expect.stringMatching(/longer than 1,000,000 characters/) }]);
  });

  test.each([
    ['one line of brackets', `# Acme\n\n## Docs\n\n- ${'[('.repeat(499_990)}`],
    ['one line of hashes', '#'.repeat(999_999)],
    ['one line of asterisks in a title', `# ${'*a'.repeat(499_990)}`],
    ['an unclosed link', `# Acme\n\n## Docs\n\n- [Acme](${' https://a'.repeat(99_990)}`],
    ['a million blank blockquote lines', `# Acme\n\n${'>\n'.repeat(499_990)}`],
  ])('%s is analysed in linear time', (_name, text) => {
    const analysis = analyseLlmsTxt(text, served);
    // Quadratic work on a million characters would take minutes: the test timeout would catch it.
    expect(analysis.problems.length).toBeLessThanOrEqual(2 * 10 + 10);
  });
});

test('errors come before warnings', () => {
  const text = '> Card payments.\n\n## Docs\n\n- [Charges](/docs/charges.md)\n';
  const analysis = analyseLlmsTxt(text, { contentType: 'text/html' });
  expect(analysis.problems.map((problem) => problem.severity)).toEqual(['error', 'error', 'warning']);
});
