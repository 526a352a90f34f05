import { CRAWLERS } from '../../../domain/shared/crawlers';
import { crawlerAccess, isAllowed, parseRobotsTxt, rulesFor, type RobotsOutcome } from '../../../domain/site/robots';

const ok = (text: string): RobotsOutcome => ({ kind: 'ok', robots: parseRobotsTxt(text) });
const allowedFor = (text: string, token: string, path: string) => isAllowed(rulesFor(parseRobotsTxt(text), token) ?? [], path);

describe('RFC 9309 matching', () => {
  test.each([
    ['the longest match wins', 'User-agent: *\nAllow: /folder/page\nDisallow: /folder\n', '/folder/page', true],
    ['the longest match wins, the other way', 'User-agent: *\nAllow: /folder\nDisallow: /folder/secret\n', '/folder/secret/x', false],
    ['allow wins a tie', 'User-agent: *\nDisallow: /page\nAllow: /page\n', '/page', true],
    ['a rule is a prefix match', 'User-agent: *\nDisallow: /fish\n', '/fish.html', false],
    ['matching is case-sensitive in paths', 'User-agent: *\nDisallow: /Fish\n', '/fish', true],
    ['* matches any run', 'User-agent: *\nDisallow: /*.php\n', '/shop/index.php?id=1', false],
    ['$ anchors the end', 'User-agent: *\nDisallow: /*.php$\n', '/index.php?x=1', true],
    ['$ anchors the end, matching', 'User-agent: *\nDisallow: /*.php$\n', '/index.php', false],
    ['%7E and ~ are the same octet', 'User-agent: *\nDisallow: /%7Ejoe\n', '/~joe/x', false],
    ['~ and %7e are the same octet', 'User-agent: *\nDisallow: /~joe\n', '/%7ejoe/x', false],
    ['non-ASCII patterns match encoded paths', 'User-agent: *\nDisallow: /café\n', '/caf%C3%A9/menu', false],
    ['reserved escapes stay distinct', 'User-agent: *\nDisallow: /a%2Fb\n', '/a/b', true],
    ['an empty Disallow blocks nothing', 'User-agent: *\nDisallow:\n', '/', true],
    ['a pattern without a slash is read as starting with one', 'User-agent: *\nDisallow: private\n', '/private/x', false],
    ['/robots.txt is always allowed', 'User-agent: *\nDisallow: /\n', '/robots.txt', true],
    ['comments and blank lines are ignored', '# hello\nUser-agent: * # all\n\nDisallow: /x # no\n', '/x', false],
    ['directives are case-insensitive', 'user-AGENT: *\nDISALLOW: /\n', '/', false],
    ['a byte-order mark is ignored', '\uFEFFUser-agent: *\nDisallow: /\n', '/', false],
    ['CR line endings work', 'User-agent: *\rDisallow: /\r', '/', false],
    ['Google-accepted misspellings', 'useragent: *\ndissallow: /\n', '/', false],
    ['rules before any user-agent apply to nobody', 'Disallow: /\nUser-agent: *\nAllow: /\n', '/', true],
  ])('%s', (_name, text, path, allowed) => {
    expect(allowedFor(text, 'AnyBot', path)).toBe(allowed);
  });

  test('a specific group replaces the * group, it does not add to it', () => {
    const text = 'User-agent: *\nDisallow: /\n\nUser-agent: GPTBot\nDisallow: /private\n';
    expect(allowedFor(text, 'GPTBot', '/')).toBe(true);
    expect(allowedFor(text, 'GPTBot', '/private')).toBe(false);
    expect(allowedFor(text, 'ClaudeBot', '/')).toBe(false);
  });

  test('groups for the same crawler are combined, and one group may name several crawlers', () => {
    const text = 'User-agent: a\nDisallow: /x\n\nUser-agent: b\nUser-agent: a\nDisallow: /y\n';
    expect(allowedFor(text, 'a', '/x')).toBe(false);
    expect(allowedFor(text, 'a', '/y')).toBe(false);
    expect(allowedFor(text, 'b', '/x')).toBe(true);
    expect(allowedFor(text, 'b', '/y')).toBe(false);
  });

  test('user-agent matching uses the product token, case-insensitively, never a prefix of it', () => {
    expect(allowedFor('User-agent: gptbot/1.1\nDisallow: /\n', 'GPTBot', '/')).toBe(false);
    expect(allowedFor('User-agent: Googlebot-News\nDisallow: /\n', 'Googlebot', '/')).toBe(true);
    expect(allowedFor('User-agent: Googlebot\nDisallow: /\n', 'Googlebot-News', '/')).toBe(true);
    expect(allowedFor('User-agent: ChatGPT Agent\nDisallow: /\n', 'ChatGPT Agent', '/')).toBe(false);
  });

  test('Sitemap lines are collected wherever they stand', () => {
    const robots = parseRobotsTxt('Sitemap: https://a.com/s1.xml\nUser-agent: *\nDisallow:\nSitemap: https://a.com/s2.xml\n');
    expect(robots.sitemaps).toEqual(['https://a.com/s1.xml', 'https://a.com/s2.xml']);
  });

  // A backtracking matcher would not finish this within the test timeout.
  test('a hostile pattern with many wildcards is matched without backtracking', () => {
    const pattern = `/${'*a'.repeat(200)}$`;
    expect(allowedFor(`User-agent: *\nDisallow: ${pattern}\n`, 'x', `/${'a'.repeat(5000)}b`)).toBe(true);
    expect(allowedFor(`User-agent: *\nDisallow: ${pattern}\n`, 'x', `/${'a'.repeat(5000)}`)).toBe(false);
  });
});

describe('verdicts per crawler (docs/checks/site.md)', () => {
  test('blocked when the home page is disallowed, naming the line', () => {
    expect(crawlerAccess(ok('User-agent: GPTBot\nDisallow: /\n'), 'GPTBot')).toEqual({ access: 'blocked', blockingLine: 2 });
  });
  test('partial when the home page is allowed but some path is not', () => {
    expect(crawlerAccess(ok('User-agent: *\nDisallow: /admin\n'), 'ClaudeBot')).toEqual({ access: 'partial' });
    expect(crawlerAccess(ok('User-agent: *\nDisallow: /\nAllow: /$\n'), 'ClaudeBot')).toEqual({ access: 'partial' });
  });
  test('allowed when a group applies and disallows nothing', () => {
    expect(crawlerAccess(ok('User-agent: *\nDisallow:\n'), 'CCBot')).toEqual({ access: 'allowed' });
    expect(crawlerAccess(ok('User-agent: CCBot\nAllow: /\n'), 'CCBot')).toEqual({ access: 'allowed' });
  });
  test('none when no group covers the crawler, or robots.txt is a 4xx', () => {
    expect(crawlerAccess(ok('User-agent: Googlebot\nDisallow: /\n'), 'GPTBot')).toEqual({ access: 'none' });
    expect(crawlerAccess(ok(''), 'GPTBot')).toEqual({ access: 'none' });
    expect(crawlerAccess({ kind: 'missing', status: 404 }, 'GPTBot')).toEqual({ access: 'none' });
  });
  test('blocked for every crawler when robots.txt answers 5xx or cannot be fetched', () => {
    for (const crawler of CRAWLERS) {
      expect(crawlerAccess({ kind: 'unavailable', reason: 'HTTP 503' }, crawler.token).access).toBe('blocked');
    }
  });
  test('a typical "block AI training, allow search" robots.txt', () => {
    const text = [
      'User-agent: GPTBot',
      'User-agent: ClaudeBot',
      'User-agent: Google-Extended',
      'User-agent: CCBot',
      'Disallow: /',
      '',
      'User-agent: *',
      'Allow: /',
      'Disallow: /cart',
    ].join('\n');
    const verdicts = Object.fromEntries(CRAWLERS.map((crawler) => [crawler.token, crawlerAccess(ok(text), crawler.token).access]));
    expect(verdicts).toMatchObject({
      GPTBot: 'blocked',
      ClaudeBot: 'blocked',
      'Google-Extended': 'blocked',
      CCBot: 'blocked',
      'OAI-SearchBot': 'partial',
      Googlebot: 'partial',
    });
  });
});

test('the crawler list has the 39 tokens, each once, with the fields bots[] needs', () => {
  expect(CRAWLERS).toHaveLength(39);
  expect(new Set(CRAWLERS.map((crawler) => crawler.token.toLowerCase())).size).toBe(39);
  const simulated = CRAWLERS.filter((crawler) => crawler.simulate).map((crawler) => crawler.token);
  expect(simulated).toEqual(
    expect.arrayContaining([
      'GPTBot',
      'OAI-SearchBot',
      'ChatGPT-User',
      'ClaudeBot',
      'Claude-User',
      'PerplexityBot',
      'Perplexity-User',
      'Googlebot',
      'bingbot',
      'Bytespider',
      'CCBot',
      'Applebot',
    ]),
  );
  for (const crawler of CRAWLERS) {
    expect(['training', 'search', 'user', 'other']).toContain(crawler.purpose);
    if (crawler.simulate) expect(crawler.userAgent).toContain(crawler.token === 'bingbot' ? 'bingbot' : crawler.token);
  }
});
