/**
 * The matching and parsing cases of Google's reference parser (github.com/google/robotstxt,
 * robots_test.cc), ported as data: robots.txt, crawler, URL, allowed. Where the project follows
 * RFC 9309 instead, the case sits in the last table with the section that decides it.
 */
import { crawlerAccess, isAllowed, parseRobotsTxt, rulesFor } from '../../../domain/site/robots';

const allowed = (text: string, agent: string, url: string) => isAllowed(rulesFor(parseRobotsTxt(text), agent) ?? [], url);
type Case = [robots: string, agent: string, url: string, allowed: boolean];

const groups =
  'allow: /foo/bar/\n\nuser-agent: FooBot\ndisallow: /\nallow: /x/\nuser-agent: BarBot\ndisallow: /\nallow: /y/\n\n\nallow: /w/\nuser-agent: BazBot\n\nuser-agent: FooBot\nallow: /z/\ndisallow: /\n';
const global = 'user-agent: *\nallow: /\nuser-agent: FooBot\ndisallow: /\n';
const specificOnly = 'user-agent: FooBot\nallow: /\nuser-agent: BarBot\ndisallow: /\nuser-agent: BazBot\ndisallow: /\n';
const indexHtml = 'User-Agent: *\nAllow: /allowed-slash/index.html\nDisallow: /\n';
const fish = (allow: string) => `user-agent: FooBot\ndisallow: /\nallow: ${allow}\n`;

const cases: Record<string, Case[]> = {
  GoogleOnly_SystemTest: [
    ['', 'FooBot', '/', true],
    ['user-agent: FooBot\ndisallow: /\n', '', '/', true],
  ],
  ID_LineSyntax_Line: [
    ['user-agent: FooBot\ndisallow: /\n', 'FooBot', 'http://foo.bar/x/y', false],
    ['foo: FooBot\nbar: /\n', 'FooBot', 'http://foo.bar/x/y', true],
    // Google-specific: a missing colon is assumed.
    ['user-agent FooBot\ndisallow /\n', 'FooBot', 'http://foo.bar/x/y', false],
  ],
  ID_LineSyntax_Groups: [
    [groups, 'FooBot', 'http://foo.bar/x/b', true],
    [groups, 'FooBot', 'http://foo.bar/z/d', true],
    [groups, 'FooBot', 'http://foo.bar/y/c', false],
    [groups, 'BarBot', 'http://foo.bar/y/c', true],
    [groups, 'BarBot', 'http://foo.bar/w/a', true],
    [groups, 'BarBot', 'http://foo.bar/z/d', false],
    [groups, 'BazBot', 'http://foo.bar/z/d', true],
    [groups, 'FooBot', 'http://foo.bar/foo/bar/', false],
    [groups, 'BarBot', 'http://foo.bar/foo/bar/', false],
    [groups, 'BazBot', 'http://foo.bar/foo/bar/', false],
  ],
  ID_REPLineNamesCaseInsensitive: [
    'USER-AGENT: FooBot\nALLOW: /x/\nDISALLOW: /\n',
    'user-agent: FooBot\nallow: /x/\ndisallow: /\n',
    'uSeR-aGeNt: FooBot\nAlLoW: /x/\ndIsAlLoW: /\n',
  ].flatMap((text): Case[] => [
    [text, 'FooBot', 'http://foo.bar/x/y', true],
    [text, 'FooBot', 'http://foo.bar/a/b', false],
  ]),
  ID_UserAgentValueCaseInsensitive: ['FOO BAR', 'foo bar', 'FoO bAr'].flatMap((agent): Case[] => {
    const text = `User-Agent: ${agent}\nAllow: /x/\nDisallow: /\n`;
    return ['Foo', 'foo'].flatMap((bot): Case[] => [
      [text, bot, 'http://foo.bar/x/y', true],
      [text, bot, 'http://foo.bar/a/b', false],
    ]);
  }),
  GoogleOnly_AcceptUserAgentUpToFirstSpace: [
    ['User-Agent: *\nDisallow: /\nUser-Agent: Foo Bar\nAllow: /x/\nDisallow: /\n', 'Foo', 'http://foo.bar/x/y', true],
  ],
  ID_GlobalGroups_Secondary: [
    ['', 'FooBot', 'http://foo.bar/x/y', true],
    [global, 'FooBot', 'http://foo.bar/x/y', false],
    [global, 'BarBot', 'http://foo.bar/x/y', true],
    [specificOnly, 'QuxBot', 'http://foo.bar/x/y', true],
  ],
  ID_AllowDisallow_Value_CaseSensitive: [
    ['user-agent: FooBot\ndisallow: /x/\n', 'FooBot', 'http://foo.bar/x/y', false],
    ['user-agent: FooBot\ndisallow: /X/\n', 'FooBot', 'http://foo.bar/x/y', true],
  ],
  ID_LongestMatch: [
    ['user-agent: FooBot\ndisallow: /x/page.html\nallow: /x/\n', 'FooBot', 'http://foo.bar/x/page.html', false],
    ['user-agent: FooBot\nallow: /x/page.html\ndisallow: /x/\n', 'FooBot', 'http://foo.bar/x/page.html', true],
    ['user-agent: FooBot\nallow: /x/page.html\ndisallow: /x/\n', 'FooBot', 'http://foo.bar/x/', false],
    ['user-agent: FooBot\ndisallow: \nallow: \n', 'FooBot', 'http://foo.bar/x/page.html', true],
    ['user-agent: FooBot\ndisallow: /\nallow: /\n', 'FooBot', 'http://foo.bar/x/page.html', true],
    ['user-agent: FooBot\ndisallow: /x\nallow: /x/\n', 'FooBot', 'http://foo.bar/x', false],
    ['user-agent: FooBot\ndisallow: /x\nallow: /x/\n', 'FooBot', 'http://foo.bar/x/', true],
    ['user-agent: FooBot\ndisallow: /x/page.html\nallow: /x/page.html\n', 'FooBot', 'http://foo.bar/x/page.html', true],
    ['user-agent: FooBot\nallow: /page\ndisallow: /*.html\n', 'FooBot', 'http://foo.bar/page.html', false],
    ['user-agent: FooBot\nallow: /page\ndisallow: /*.html\n', 'FooBot', 'http://foo.bar/page', true],
    ['user-agent: FooBot\nallow: /x/page.\ndisallow: /*.html\n', 'FooBot', 'http://foo.bar/x/page.html', true],
    ['user-agent: FooBot\nallow: /x/page.\ndisallow: /*.html\n', 'FooBot', 'http://foo.bar/x/y.html', false],
    ['User-agent: *\nDisallow: /x/\nUser-agent: FooBot\nDisallow: /y/\n', 'FooBot', 'http://foo.bar/x/page', true],
    ['User-agent: *\nDisallow: /x/\nUser-agent: FooBot\nDisallow: /y/\n', 'FooBot', 'http://foo.bar/y/page', false],
  ],
  ID_Encoding: [
    [
      'User-agent: FooBot\nDisallow: /\nAllow: /foo/bar?qux=taz&baz=http://foo.bar?tar&par\n',
      'FooBot',
      'http://foo.bar/foo/bar?qux=taz&baz=http://foo.bar?tar&par',
      true,
    ],
    ['User-agent: FooBot\nDisallow: /\nAllow: /foo/bar/ツ\n', 'FooBot', 'http://foo.bar/foo/bar/%E3%83%84', true],
    ['User-agent: FooBot\nDisallow: /\nAllow: /foo/bar/%E3%83%84\n', 'FooBot', 'http://foo.bar/foo/bar/%E3%83%84', true],
    ['User-agent: FooBot\nDisallow: /\nAllow: /foo/bar/%62%61%7A\n', 'FooBot', 'http://foo.bar/foo/bar/%62%61%7A', true],
  ],
  ID_SpecialCharacters: [
    ['User-agent: FooBot\nDisallow: /foo/bar/quz\nAllow: /foo/*/qux\n', 'FooBot', 'http://foo.bar/foo/bar/quz', false],
    ['User-agent: FooBot\nDisallow: /foo/bar/quz\nAllow: /foo/*/qux\n', 'FooBot', 'http://foo.bar/foo/quz', true],
    ['User-agent: FooBot\nDisallow: /foo/bar/quz\nAllow: /foo/*/qux\n', 'FooBot', 'http://foo.bar/foo//quz', true],
    ['User-agent: FooBot\nDisallow: /foo/bar/quz\nAllow: /foo/*/qux\n', 'FooBot', 'http://foo.bar/foo/bax/quz', true],
    ['User-agent: FooBot\nDisallow: /foo/bar$\nAllow: /foo/bar/qux\n', 'FooBot', 'http://foo.bar/foo/bar', false],
    ['User-agent: FooBot\nDisallow: /foo/bar$\nAllow: /foo/bar/qux\n', 'FooBot', 'http://foo.bar/foo/bar/qux', true],
    ['User-agent: FooBot\nDisallow: /foo/bar$\nAllow: /foo/bar/qux\n', 'FooBot', 'http://foo.bar/foo/bar/', true],
    ['User-agent: FooBot\nDisallow: /foo/bar$\nAllow: /foo/bar/qux\n', 'FooBot', 'http://foo.bar/foo/bar/baz', true],
    ['User-agent: FooBot\n# Disallow: /\nDisallow: /foo/quz#qux\nAllow: /\n', 'FooBot', 'http://foo.bar/foo/bar', true],
    ['User-agent: FooBot\n# Disallow: /\nDisallow: /foo/quz#qux\nAllow: /\n', 'FooBot', 'http://foo.bar/foo/quz', false],
  ],
  GoogleOnly_IndexHTMLisDirectory: [
    [indexHtml, 'foobot', 'http://foo.com/allowed-slash/', true],
    [indexHtml, 'foobot', 'http://foo.com/allowed-slash/index.htm', false],
    [indexHtml, 'foobot', 'http://foo.com/allowed-slash/index.html', true],
    [indexHtml, 'foobot', 'http://foo.com/anyother-url', false],
  ],
  GoogleOnly_DocumentationChecks: [
    ...([
      '/bar',
      false,
      '/fish',
      true,
      '/fish.html',
      true,
      '/fish/salmon.html',
      true,
      '/fishheads',
      true,
      '/fishheads/yummy.html',
      true,
      '/fish.html?id=anything',
      true,
      '/Fish.asp',
      false,
      '/catfish',
      false,
      '/?id=fish',
      false,
    ] as const),
  ]
    .reduce<Case[]>(
      (all, item, i, list) =>
        i % 2 === 0
          ? [
              ...all,
              ...['/fish', '/fish*'].map((allow): Case => [
                fish(allow),
                'FooBot',
                `http://foo.bar${item as string}`,
                list[i + 1] as boolean,
              ]),
            ]
          : all,
      [],
    )
    .concat(
      (
        [
          ['/fish/', '/bar', false],
          ['/fish/', '/fish/', true],
          ['/fish/', '/fish/salmon', true],
          ['/fish/', '/fish/?salmon', true],
          ['/fish/', '/fish/salmon.html', true],
          ['/fish/', '/fish/?id=anything', true],
          ['/fish/', '/fish', false],
          ['/fish/', '/fish.html', false],
          ['/fish/', '/Fish/Salmon.html', false],
          ['/*.php', '/bar', false],
          ['/*.php', '/filename.php', true],
          ['/*.php', '/folder/filename.php', true],
          ['/*.php', '/folder/filename.php?parameters', true],
          ['/*.php', '//folder/any.php.file.html', true],
          ['/*.php', '/filename.php/', true],
          ['/*.php', '/index?f=filename.php/', true],
          ['/*.php', '/php/', false],
          ['/*.php', '/index?php', false],
          ['/*.php', '/windows.PHP', false],
          ['/*.php$', '/bar', false],
          ['/*.php$', '/filename.php', true],
          ['/*.php$', '/folder/filename.php', true],
          ['/*.php$', '/filename.php?parameters', false],
          ['/*.php$', '/filename.php/', false],
          ['/*.php$', '/filename.php5', false],
          ['/*.php$', '/php/', false],
          ['/*.php$', '/filename?php', false],
          ['/*.php$', '/aaaphpaaa', false],
          ['/*.php$', '//windows.PHP', false],
          ['/fish*.php', '/bar', false],
          ['/fish*.php', '/fish.php', true],
          ['/fish*.php', '/fishheads/catfish.php?parameters', true],
          ['/fish*.php', '/Fish.PHP', false],
        ] as const
      ).map(([allow, path, ok]): Case => [fish(allow), 'FooBot', `http://foo.bar${path}`, ok]),
      [
        ['user-agent: FooBot\nallow: /p\ndisallow: /\n', 'FooBot', 'http://example.com/page', true],
        ['user-agent: FooBot\nallow: /folder\ndisallow: /folder\n', 'FooBot', 'http://example.com/folder/page', true],
        ['user-agent: FooBot\nallow: /page\ndisallow: /*.htm\n', 'FooBot', 'http://example.com/page.htm', false],
        ['user-agent: FooBot\nallow: /$\ndisallow: /\n', 'FooBot', 'http://example.com/', true],
        ['user-agent: FooBot\nallow: /$\ndisallow: /\n', 'FooBot', 'http://example.com/page.html', false],
      ],
    ),
  ID_LinesEndings: ['\n', '\r\n', '\r'].map((eol): Case => [
    ['User-Agent: foo', 'Allow: /some/path', 'User-Agent: bar', '', '', 'Disallow: /'].join(eol),
    'bar',
    'http://foo.bar/some/path',
    false,
  ]),
  ID_UTF8ByteOrderMarkIsSkipped: [['\uFEFFUser-Agent: foo\nDisallow: /AnyValue\n', 'foo', 'http://foo.bar/AnyValue', false]],
};

describe("Google's robotstxt cases", () => {
  describe.each(Object.entries(cases))('%s', (_name, table) => {
    test.each(table)('%#: %j as %s for %s → %s', (text, agent, url, expected) => {
      expect(allowed(text, agent, url)).toBe(expected);
    });
  });

  test('GoogleOnly_LineTooLong: a line is read up to 8 × 2083 bytes', () => {
    const max = 2083 * 8;
    const long = (fill: string) => `/x/${fill.repeat(max - 'disallow: '.length + 1 - 3 - 3)}`;
    const cut = `user-agent: FooBot\ndisallow: ${long('a')}/qux\n`;
    expect(allowed(cut, 'FooBot', 'http://foo.bar/fux')).toBe(true);
    expect(allowed(cut, 'FooBot', `http://foo.bar${long('a')}/fux`)).toBe(false);

    const a = `/x/${'a'.repeat(max - 'allow: '.length + 1 - 3 - 3)}`;
    const b = `/x/${'b'.repeat(max - 'allow: '.length + 1 - 3 - 3)}`;
    const both = `user-agent: FooBot\ndisallow: /\nallow: ${a}/qux\nallow: ${b}/qux\n`;
    expect(allowed(both, 'FooBot', 'http://foo.bar/')).toBe(false);
    expect(allowed(both, 'FooBot', `http://foo.bar${a}/qux`)).toBe(true);
    expect(allowed(both, 'FooBot', `http://foo.bar${b}/fux`)).toBe(true);
  });

  test('ID_NonStandardLineExample_Sitemap: a sitemap line may stand anywhere', () => {
    const rest = 'User-Agent: foo\nAllow: /some/path\nUser-Agent: bar\n\n\n';
    expect(parseRobotsTxt(`${rest}Sitemap: http://foo.bar/sitemap.xml\n`).sitemaps).toEqual(['http://foo.bar/sitemap.xml']);
    expect(parseRobotsTxt(`Sitemap: http://foo.bar/sitemap.xml\n${rest}`).sitemaps).toEqual(['http://foo.bar/sitemap.xml']);
  });
});

describe('home-page verdicts Google would give', () => {
  test('a missing colon still blocks the crawler', () => {
    expect(crawlerAccess({ kind: 'ok', robots: parseRobotsTxt('user-agent GPTBot\ndisallow /\n') }, 'GPTBot')).toEqual({
      access: 'blocked',
      blockingLine: 2,
    });
  });
  test.each(['/index.html', '/index.htm'])('Allow: %s under Disallow: / leaves the home page reachable', (page) => {
    expect(crawlerAccess({ kind: 'ok', robots: parseRobotsTxt(`User-agent: *\nDisallow: /\nAllow: ${page}\n`) }, 'GPTBot')).toEqual({
      access: 'partial',
    });
  });
});

// RFC 9309 decides these differently from Google's parser, and the project follows the RFC.
describe('where the project follows RFC 9309 rather than Google', () => {
  test('RFC 9309 §2.2.2: percent-encoded unreserved characters equal the plain ones (Google: they differ)', () => {
    expect(allowed('User-agent: FooBot\nDisallow: /\nAllow: /foo/bar/%62%61%7A\n', 'FooBot', 'http://foo.bar/foo/bar/baz')).toBe(true);
  });
  test('RFC 9309 §2.2.2: a non-ASCII URL path is compared in its percent-encoded form (Google: the caller must encode it)', () => {
    expect(allowed('User-agent: FooBot\nDisallow: /\nAllow: /foo/bar/ツ\n', 'FooBot', 'http://foo.bar/foo/bar/ツ')).toBe(true);
  });
});
