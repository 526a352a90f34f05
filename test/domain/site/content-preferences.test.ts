import { crawlerAccess, parseRobotsTxt } from '../../../domain/site/robots';
import { isMarkdownAnswer } from '../../../domain/site/markdown-negotiation';

// Cloudflare's managed robots.txt, as its documentation shows it (comments shortened).
const CLOUDFLARE_MANAGED = `# As a condition of accessing this website, you agree to abide by the following content signals:
# (a) If a content-signal = yes, you may collect content for the corresponding use.
User-Agent: *
Content-Signal: search=yes,ai-train=no
Allow: /

User-agent: GPTBot
Disallow: /
`;

test("Content-Signal lines are read with the group they stand in, and leave the group's rules as they were", () => {
  const robots = parseRobotsTxt(CLOUDFLARE_MANAGED);
  expect(robots.preferences).toEqual([{ kind: 'content-signal', agents: ['*'], values: { search: 'yes', 'ai-train': 'no' }, line: 4 }]);
  expect(crawlerAccess({ kind: 'ok', robots }, 'ClaudeBot').access).toBe('allowed');
  expect(crawlerAccess({ kind: 'ok', robots }, 'GPTBot').access).toBe('blocked');
  expect(robots.groups.map((group) => group.agents)).toEqual([['*'], ['gptbot']]);
});

test('IETF aipref Content-Usage lines: y/n read as yes/no, an optional path, unknown categories kept; lines outside any group are for all', () => {
  const robots = parseRobotsTxt(
    'Content-Usage: train-ai=n\nUser-agent: ExampleBot\nContent-Usage: /ugc/ train-ai=y, search=n, future-use=maybe\nDisallow: /private\nContent-Usage: nothing here\n',
  );
  expect(robots.preferences).toEqual([
    { kind: 'content-usage', agents: ['*'], values: { 'train-ai': 'no' }, line: 1 },
    {
      kind: 'content-usage',
      agents: ['examplebot'],
      path: '/ugc/',
      values: { 'train-ai': 'yes', search: 'no', 'future-use': 'maybe' },
      line: 3,
    },
  ]);
  expect(robots.groups).toHaveLength(1);
  expect(robots.groups[0]!.rules.map((rule) => rule.pattern)).toEqual(['/private']);
});

test('Markdown for agents: a 2xx text/markdown answer, or plain text that reads as Markdown; never an HTML page', () => {
  expect(isMarkdownAnswer(200, 'text/markdown; charset=utf-8', '# Acme\n\nWidgets.')).toBe(true);
  expect(isMarkdownAnswer(200, 'text/plain', '# Acme\n\n- [Pricing](/pricing)')).toBe(true);
  expect(isMarkdownAnswer(200, 'text/plain', 'just words')).toBe(false);
  expect(isMarkdownAnswer(200, 'text/markdown', '<!doctype html><html><body>x</body></html>')).toBe(false);
  expect(isMarkdownAnswer(200, 'text/html', '<html><body># not markdown</body></html>')).toBe(false);
  expect(isMarkdownAnswer(406, 'text/markdown', '# Acme')).toBe(false);
});
