import { ALL_CRAWLERS, CRAWLERS, type Crawler } from '../../../domain/shared/crawlers';
import { crawlerOf } from '../../../domain/traffic/crawler-match';
import { hostMatches, hostNameConfirms, type DnsAnswers } from '../../../domain/traffic/host-names';
import { parseRangeFile, RangeIndex, parseAddress, type RangeFile } from '../../../domain/traffic/ip-ranges';
import { Verifier } from '../../../domain/traffic/verification';

const crawler = (token: string): Crawler => ALL_CRAWLERS.find((entry) => entry.token === token)!;

// In the vendors' published format: {creationTime, prefixes:[{ipv4Prefix}|{ipv6Prefix}]}.
const GPTBOT_FILE = JSON.stringify({
  creationTime: '2026-11-20T00:00:00.000000',
  prefixes: [{ ipv4Prefix: '20.171.206.0/24' }, { ipv4Prefix: '52.230.152.0/24' }, { ipv6Prefix: '2a0b:4e07:1::/48' }],
});
const GOOGLE_COMMON_FILE = JSON.stringify({
  creationTime: '2026-11-20T00:00:00.000000',
  prefixes: [{ ipv6Prefix: '2001:4860:4801:10::/64' }, { ipv4Prefix: '66.249.64.0/27' }],
});

describe('range files', () => {
  test('the published format, with its creationTime; invalid prefixes dropped', () => {
    const file = parseRangeFile(
      JSON.stringify({
        creationTime: '2026-11-20T00:00:00',
        prefixes: [{ ipv4Prefix: '20.171.206.0/24' }, { ipv6Prefix: '2a0b:4e07:1::/48' }, { ipv4Prefix: 'not a prefix' }],
      }),
    );
    expect(file).toEqual({ creationTime: '2026-11-20T00:00:00', prefixes: ['20.171.206.0/24', '2a0b:4e07:1::/48'] });
  });

  test('the variants: plain strings, AWS-style keys, a bare array', () => {
    expect(parseRangeFile('{"prefixes":["1.2.3.0/24"]}').prefixes).toEqual(['1.2.3.0/24']);
    expect(parseRangeFile('{"prefixes":[{"ip_prefix":"1.2.3.0/24"},{"ipv6_prefix":"2600:1f00::/24"}]}').prefixes).toEqual([
      '1.2.3.0/24',
      '2600:1f00::/24',
    ]);
    expect(parseRangeFile('["1.2.3.0/24"]')).toEqual({ creationTime: undefined, prefixes: ['1.2.3.0/24'] });
  });

  test("Amazon's: the JSON inside an HTML page, quotes escaped as entities", () => {
    const page = `<html><body><h1>Amazonbot IP addresses</h1><pre>{&quot;creationTime&quot;: &quot;2026-11-01&quot;, &quot;prefixes&quot;: [{&quot;ip_prefix&quot;: &quot;52.70.240.171/32&quot;}, {&quot;ipv4Prefix&quot;: &quot;3.224.220.0/24&quot;}]}</pre></body></html>`;
    expect(parseRangeFile(page)).toEqual({ creationTime: '2026-11-01', prefixes: ['52.70.240.171/32', '3.224.220.0/24'] });
  });

  test("Amazon's host addresses without a length (read as /32 or /128), in a <pre><code> block, quotes as decimal or hex entities", () => {
    const page = `<pre><code class="container">{&#x22;creationTime&#x22;: &#x22;2026-04-30T00:00:00.000000+00:00&#x22;, &#x22;prefixes&#x22;: [{&#34;ipv4Prefix&#34;: &#34;100.24.149.244&#34;}, {&quot;ipv6Prefix&quot;: &quot;2600:1f18::1&quot;}]}</code></pre>`;
    expect(parseRangeFile(page)).toEqual({
      creationTime: '2026-04-30T00:00:00.000000+00:00',
      prefixes: ['100.24.149.244/32', '2600:1f18::1/128'],
    });
  });

  test('a download that lists no prefix is an error, so it never replaces good ranges', () => {
    expect(() => parseRangeFile('{"prefixes":[]}')).toThrow(/no IP prefix/);
    expect(() => parseRangeFile('<html>Service unavailable</html>')).toThrow();
  });

  test('lookups: IPv4 intervals at their edges, IPv6 prefixes, IPv4-mapped IPv6 read as IPv4', () => {
    const index = new RangeIndex(['20.171.206.0/24', '20.171.207.0/24', '10.0.0.0/8', '2a0b:4e07:1::/48']);
    const has = (ip: string) => index.contains(parseAddress(ip)!);
    expect([has('20.171.206.0'), has('20.171.207.255'), has('20.171.208.0'), has('20.171.205.255'), has('10.255.255.255')]).toEqual([
      true,
      true,
      false,
      false,
      true,
    ]);
    expect([has('2a0b:4e07:1:ffff::1'), has('2a0b:4e07:2::1'), has('::ffff:20.171.206.9')]).toEqual([true, false, true]);
  });
});

describe('user agents to crawlers', () => {
  test('each published User-Agent of the 39 is read as its crawler', () => {
    for (const entry of CRAWLERS.filter((item) => item.userAgent)) expect(crawlerOf(entry.userAgent!)?.token).toBe(entry.token);
  });

  test('whole names only, case-insensitive, the longest name winning; the later crawlers too', () => {
    expect(crawlerOf('Mozilla/5.0 (compatible; Googlebot-Image/1.0)')).toBeUndefined();
    expect(
      crawlerOf('Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36'),
    ).toBeUndefined();
    expect(crawlerOf('mozilla/5.0 (compatible; gptbot/1.2)')?.token).toBe('GPTBot');
    expect(crawlerOf('Mozilla/5.0 (compatible; Claude-SearchBot/1.0; +Claude-SearchBot@anthropic.com)')?.token).toBe('Claude-SearchBot');
    expect(crawlerOf('Mozilla/5.0 (compatible; Kimi-User/1.0)')?.token).toBe('Kimi-User');
    expect(crawlerOf('Mozilla/5.0 (compatible; YandexAdditionalBot/3.0; +http://yandex.com/bots)')?.token).toBe('YandexAdditional');
    expect(crawlerOf('openai-mcp/1.0.0')?.token).toBe('openai-mcp');
  });

  test('a robots.txt token no crawler sends (Google-Extended, Applebot-Extended) is no crawler; a crawler named beside it is read', () => {
    for (const agent of [
      'Google-Extended',
      'Mozilla/5.0 (compatible; Google-Extended/1.0)',
      'applebot-extended/0.1',
      'Mozilla/5.0 (compatible; Applebot-Extended/0.1)',
    ]) {
      expect(crawlerOf(agent)).toBeUndefined();
    }
    expect(crawlerOf('Mozilla/5.0 (compatible; Googlebot/2.1; Google-Extended; +http://www.google.com/bot.html)')?.token).toBe('Googlebot');
    expect(
      crawlerOf('Mozilla/5.0 (Macintosh) Safari/605.1.15 (Applebot/0.1; Applebot-Extended; +http://www.apple.com/go/applebot)')?.token,
    ).toBe('Applebot');
    expect(ALL_CRAWLERS.filter((entry) => entry.robotsOnly).map((entry) => entry.token)).toEqual(['Google-Extended', 'Applebot-Extended']);
  });

  test('one list: the 39 first, the crawlers documented since after them, no token twice', () => {
    expect(ALL_CRAWLERS.slice(0, 39)).toEqual(CRAWLERS);
    expect(ALL_CRAWLERS.length).toBeGreaterThan(39);
    expect(new Set(ALL_CRAWLERS.map((entry) => entry.token.toLowerCase())).size).toBe(ALL_CRAWLERS.length);
  });
});

describe('verdicts', () => {
  const ranges = new Map<string, RangeFile>([
    ['openai-gptbot', parseRangeFile(GPTBOT_FILE)],
    ['google-common-crawlers', parseRangeFile(GOOGLE_COMMON_FILE)],
  ]);

  test('in the published ranges: verified; outside them: forged; IPv4 and IPv6 alike', () => {
    const verifier = new Verifier({ ranges });
    const gptbot = crawler('GPTBot');
    expect(verifier.verdict(gptbot, '20.171.206.77')).toBe('verified');
    expect(verifier.verdict(gptbot, '2a0b:4e07:1::42')).toBe('verified');
    expect(verifier.verdict(gptbot, '45.83.10.7')).toBe('forged');
    expect(verifier.verdict(gptbot, '2a0b:4e07:9::42')).toBe('forged');
  });

  test('a vendor that publishes nothing: unverifiable, whatever the address', () => {
    const verifier = new Verifier({ ranges });
    expect(verifier.verdict(crawler('Bytespider'), '20.171.206.77')).toBe('unverifiable');
    expect(verifier.verdict(crawler('meta-externalagent'), '45.83.10.7')).toBe('unverifiable');
    expect(verifier.verdict(crawler('DeepSeekBot'), '2001:db8::1')).toBe('unverifiable');
  });

  test('ranges not fetched yet, or a host name instead of an address: unverifiable, never forged without evidence', () => {
    expect(new Verifier({ ranges: new Map() }).verdict(crawler('GPTBot'), '45.83.10.7')).toBe('unverifiable');
    expect(new Verifier({ ranges }).verdict(crawler('GPTBot'), 'crawler.example.net')).toBe('unverifiable');
    expect(new Verifier({ ranges }).verdict(crawler('YandexAdditional'), '5.255.253.1')).toBe('unverifiable');
  });

  test('reverse DNS with forward confirmation decides where the ranges do not', () => {
    const answers: Record<string, DnsAnswers> = {
      '66.249.90.1': { reverse: ['crawl-66-249-90-1.googlebot.com.'], forward: { 'crawl-66-249-90-1.googlebot.com.': ['66.249.90.1'] } },
      // A PTR the forger controls, whose name does not resolve back to the address.
      '45.83.10.7': { reverse: ['crawl-66-249-66-1.googlebot.com'], forward: { 'crawl-66-249-66-1.googlebot.com': ['66.249.66.1'] } },
      '5.255.253.1': { reverse: ['5-255-253-1.spider.yandex.com'], forward: { '5-255-253-1.spider.yandex.com': ['5.255.253.1'] } },
    };
    const verifier = new Verifier({ ranges, dns: (ip) => answers[ip] });
    expect(verifier.needsDns(crawler('Googlebot'), '66.249.64.5')).toBe(false);
    expect(verifier.needsDns(crawler('Googlebot'), '66.249.90.1')).toBe(true);
    expect(verifier.verdict(crawler('Googlebot'), '66.249.64.5')).toBe('verified');
    expect(verifier.verdict(crawler('Googlebot'), '2001:4860:4801:10::9')).toBe('verified');
    expect(verifier.verdict(crawler('Googlebot'), '66.249.90.1')).toBe('verified');
    expect(verifier.verdict(crawler('Googlebot'), '45.83.10.7')).toBe('forged');
    expect(verifier.verdict(crawler('YandexAdditional'), '5.255.253.1')).toBe('verified');
  });

  test("host patterns: a vendor's domain and its subdomains, Google's proxy names exactly, never any cloud VM", () => {
    expect(hostMatches('crawl-1.googlebot.com', 'googlebot.com')).toBe(true);
    expect(hostMatches('geo-crawl-1.geo.googlebot.com.', 'googlebot.com')).toBe(true);
    expect(hostMatches('googlebot.com.evil.net', 'googlebot.com')).toBe(false);
    expect(hostMatches('notgooglebot.com', 'googlebot.com')).toBe(false);
    expect(hostMatches('google-proxy-66-249-81-1.google.com', 'google-proxy-*.google.com')).toBe(true);
    expect(hostMatches('mail.google.com', 'google-proxy-*.google.com')).toBe(false);
    expect(hostMatches('a.google-proxy-1.google.com', 'google-proxy-*.google.com')).toBe(false);
    expect(hostMatches('1.2.3.4.bc.googleusercontent.com', 'gae.googleusercontent.com')).toBe(false);
    expect(
      hostNameConfirms('2001:db8::1', { reverse: ['x.search.msn.com'], forward: { 'x.search.msn.com': ['2001:0db8:0:0::1'] } }, [
        'search.msn.com',
      ]),
    ).toBe(true);
  });
});
