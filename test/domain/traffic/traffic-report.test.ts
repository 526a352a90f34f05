import { parseRangeFile, type RangeFile } from '../../../domain/traffic/ip-ranges';
import { referralOf } from '../../../domain/traffic/referrals';
import { tallyLog } from '../../../domain/traffic/tally';
import { emptyAggregate, addAggregate } from '../../../domain/traffic/traffic-aggregate';
import { trafficReport } from '../../../domain/traffic/traffic-report';
import { Verifier } from '../../../domain/traffic/verification';

const UA = {
  gptbot: 'Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; GPTBot/1.1; +https://openai.com/gptbot)',
  ccbot: 'CCBot/2.0 (https://commoncrawl.org/faq/)',
  bytespider:
    'Mozilla/5.0 (Linux; Android 5.0) AppleWebKit/537.36 (KHTML, like Gecko) Mobile Safari/537.36 (compatible; Bytespider; spider-feedback@bytedance.com)',
  chatgptUser: 'Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko); compatible; ChatGPT-User/1.0; +https://openai.com/bot',
  browser: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
};

const ranges = new Map<string, RangeFile>([
  [
    'openai-gptbot',
    parseRangeFile('{"creationTime":"2026-11-20","prefixes":[{"ipv4Prefix":"20.171.206.0/24"},{"ipv6Prefix":"2a0b:4e07:1::/48"}]}'),
  ],
  ['openai-chatgpt-user', parseRangeFile('{"creationTime":"2026-11-20","prefixes":[{"ipv4Prefix":"23.98.142.176/28"}]}')],
  ['commoncrawl-ccbot', parseRangeFile('{"creationTime":"2026-11-20","prefixes":[{"ipv4Prefix":"18.97.9.168/29"}]}')],
]);

const line = (ip: string, day: number, path: string, status: number, agent: string, referer = '-') =>
  `${ip} - - [${String(day).padStart(2, '0')}/Nov/2026:10:00:00 +0000] "GET ${path} HTTP/1.1" ${status} 512 "${referer}" "${agent}"`;

/** A site that robots.txt opens to GPTBot but whose firewall refuses it; that blocks CCBot, which comes anyway. */
function siteLog(): string[] {
  const lines: string[] = [];
  for (let i = 0; i < 5; i++) lines.push(line(`20.171.206.${10 + i}`, 20, `/docs/${i}`, 403, UA.gptbot));
  lines.push(line('2a0b:4e07:1::9', 20, '/docs/0', 200, UA.gptbot));
  lines.push(
    line('45.83.10.7', 21, '/wp-login.php', 404, UA.gptbot),
    line('45.83.10.8', 21, '/', 200, UA.gptbot),
    line('2001:db8:abcd:12::1', 21, '/', 200, UA.gptbot),
  );
  for (let i = 0; i < 3; i++) lines.push(line('18.97.9.170', 22, `/blog/${i}`, 200, UA.ccbot));
  lines.push(line('18.97.9.170', 22, '/robots.txt', 200, UA.ccbot));
  lines.push(line('110.249.201.9', 22, '/', 200, UA.bytespider));
  lines.push(line('198.51.100.23', 23, '/pricing?utm_source=chatgpt.com', 200, UA.browser));
  lines.push(line('198.51.100.24', 23, '/pricing', 200, UA.browser, 'https://www.perplexity.ai/search?q=widgets'));
  lines.push(line('198.51.100.25', 24, '/', 200, UA.browser, 'https://chat.deepseek.com/'));
  lines.push(line('198.51.100.26', 24, '/', 200, UA.browser, 'https://www.google.com/'));
  lines.push('this line is not a log line');
  return lines;
}

const ROBOTS = { GPTBot: 'allowed', CCBot: 'blocked', Bytespider: 'none', 'ChatGPT-User': 'blocked' } as const;

test('per crawler: requests by verdict, status classes, distinct and top pages, first and last seen; forged by network only', () => {
  const report = trafficReport(tallyLog(siteLog(), { name: 'combined' }, new Verifier({ ranges })), ROBOTS);
  expect(report).toMatchObject({ lines: 19, requests: 18, unreadable: 1, unreadableAt: [19] });
  const gptbot = report.crawlers.find((entry) => entry.token === 'GPTBot')!;
  expect(gptbot).toMatchObject({
    requests: 9,
    verdicts: { verified: 6, forged: 3, unverifiable: 0 },
    statusClasses: { verified: { '2xx': 1, '4xx': 5 }, forged: { '2xx': 2, '4xx': 1 } },
    distinctPages: 5,
    firstSeen: '2026-11-20T10:00:00.000Z',
    lastSeen: '2026-11-20T10:00:00.000Z',
    robots: 'allowed',
  });
  expect(gptbot.topPages[0]).toEqual({ path: '/docs/0', requests: 2 });
  expect(gptbot.forgedNetworks).toEqual([
    { network: '45.83.10.0/24', requests: 2 },
    { network: '2001:db8:abcd::/48', requests: 1 },
  ]);
  expect(report.crawlers.find((entry) => entry.token === 'Bytespider')).toMatchObject({
    verdicts: { verified: 0, forged: 0, unverifiable: 1 },
  });
  expect(report.crawlers.find((entry) => entry.token === 'CCBot')).toMatchObject({
    verdicts: { verified: 4, forged: 0, unverifiable: 0 },
    distinctPages: 4,
  });
});

test('the contradictions with robots.txt, spelled out', () => {
  const report = trafficReport(tallyLog(siteLog(), { name: 'combined' }, new Verifier({ ranges })), ROBOTS);
  expect(report.contradictions).toEqual([
    { token: 'GPTBot', kind: 'refused', text: 'robots.txt allows GPTBot, but 83% of its verified requests got 403: a firewall blocks it.' },
    { token: 'CCBot', kind: 'ignored', text: 'robots.txt blocks CCBot, yet it fetched 3 pages.' },
  ]);
});

test('thousands of pages and user-triggered fetchers read as a site owner would', () => {
  const lines = Array.from({ length: 1204 }, (_, i) => line('23.98.142.180', 22, `/p/${i}`, 200, UA.chatgptUser));
  const report = trafficReport(tallyLog(lines, { name: 'combined' }, new Verifier({ ranges })), ROBOTS);
  expect(report.contradictions).toEqual([
    {
      token: 'ChatGPT-User',
      kind: 'ignored',
      text: 'robots.txt blocks ChatGPT-User, yet it fetched 1,204 pages (it fetches for a user, and such fetchers generally ignore robots.txt).',
    },
  ]);
  expect(report.crawlers[0]).toMatchObject({ token: 'ChatGPT-User', distinctPages: 1204 });
  expect(report.crawlers[0]!.topPages).toHaveLength(10);
});

test('no contradiction when robots.txt and the log agree, or when only forged requests disagree', () => {
  const lines = [
    line('45.83.10.7', 20, '/', 200, UA.ccbot),
    line('20.171.206.1', 20, '/', 200, UA.gptbot),
    line('20.171.206.1', 20, '/a', 403, UA.gptbot),
  ];
  expect(trafficReport(tallyLog(lines, { name: 'combined' }, new Verifier({ ranges })), ROBOTS).contradictions).toEqual([]);
});

test('AI referrals by assistant, landing page (query dropped) and day; search engines are not assistants', () => {
  const report = trafficReport(tallyLog(siteLog(), { name: 'combined' }, new Verifier({ ranges })));
  expect(report.referrals).toEqual([
    { assistant: 'ChatGPT', visits: 1, topPages: [{ page: '/pricing', visits: 1 }], days: [{ day: '2026-11-23', visits: 1 }] },
    { assistant: 'DeepSeek', visits: 1, topPages: [{ page: '/', visits: 1 }], days: [{ day: '2026-11-24', visits: 1 }] },
    { assistant: 'Perplexity', visits: 1, topPages: [{ page: '/pricing', visits: 1 }], days: [{ day: '2026-11-23', visits: 1 }] },
  ]);
  expect(referralOf('/', 'https://gemini.google.com/app')?.assistant).toBe('Gemini');
  expect(referralOf('/', 'https://copilot.microsoft.com/chats/1')?.assistant).toBe('Copilot');
  // A utm_source that names an object property is no assistant.
  expect(referralOf('/?utm_source=__proto__', undefined)).toBeUndefined();
  expect(referralOf('/?utm_source=constructor', undefined)).toBeUndefined();
  expect(referralOf('/x?utm_source=claude.ai&utm_medium=referral', undefined)).toEqual({ assistant: 'Claude', landingPage: '/x' });
  expect(referralOf('/', 'android-app://com.openai.chatgpt/')?.assistant).toBe('ChatGPT');
  expect(referralOf('/', 'https://notchatgpt.com/')).toBeUndefined();
  // Microsoft's Copilot answers at copilot.com as well.
  expect(referralOf('/x', 'https://copilot.com/')?.assistant).toBe('Copilot');
  expect(referralOf('/x?utm_source=copilot.com', undefined)?.assistant).toBe('Copilot');
});

test('robots.txt unread (unavailable): no crawler is said to be blocked by it, and refusals of a verified crawler are still named', () => {
  const lines = [
    line('20.171.206.1', 20, '/a', 403, UA.gptbot),
    line('20.171.206.1', 20, '/b', 403, UA.gptbot),
    line('20.171.206.1', 20, '/c', 200, UA.gptbot),
    line('18.97.9.170', 20, '/', 200, UA.ccbot),
  ];
  const report = trafficReport(tallyLog(lines, { name: 'combined' }, new Verifier({ ranges })));
  expect(report.contradictions).toEqual([
    { token: 'GPTBot', kind: 'refused', text: 'The server refuses GPTBot: 67% of its verified requests got 403: a firewall blocks it.' },
  ]);
  // robots.txt that lets it into part of the site says so.
  const partial = trafficReport(tallyLog(lines, { name: 'combined' }, new Verifier({ ranges })), { GPTBot: 'partial' });
  expect(partial.contradictions[0]?.text).toBe(
    'robots.txt allows GPTBot into part of the site, but 67% of its verified requests got 403: a firewall blocks it.',
  );
});

test('a verified crawler refused now and then is named with its count; a lone refusal is not', () => {
  const lines = [
    line('20.171.206.1', 20, '/a', 429, UA.gptbot),
    line('20.171.206.1', 20, '/b', 429, UA.gptbot),
    ...[1, 2, 3, 4, 5, 6, 7, 8].map((day) => line('20.171.206.2', 20 + day, `/p${day}`, 200, UA.gptbot)),
  ];
  lines.push(
    line('23.98.142.180', 20, '/admin', 403, UA.chatgptUser),
    line('23.98.142.180', 20, '/', 200, UA.chatgptUser),
    line('23.98.142.180', 21, '/a', 200, UA.chatgptUser),
  );
  const report = trafficReport(tallyLog(lines, { name: 'combined' }, new Verifier({ ranges })), {
    GPTBot: 'allowed',
    'ChatGPT-User': 'allowed',
  });
  expect(report.contradictions).toEqual([
    {
      token: 'GPTBot',
      kind: 'refused',
      text: 'robots.txt allows GPTBot, but 2 of 10 (20%) of its verified requests got 429: the server rate-limits it at times.',
    },
  ]);
});

test('parts merge into the same aggregate as the whole log, in any order', () => {
  const lines = siteLog();
  const verifier = new Verifier({ ranges });
  const whole = tallyLog(lines, { name: 'combined' }, verifier);
  const first = tallyLog(lines.slice(0, 7), { name: 'combined' }, verifier, 1);
  const second = tallyLog(lines.slice(7), { name: 'combined' }, verifier, 8);
  const merged = emptyAggregate();
  addAggregate(merged, second);
  addAggregate(merged, first);
  expect(merged).toEqual(whole);
  expect(JSON.parse(JSON.stringify(whole))).toEqual(whole);
});

test('privacy: no client address of the log is in the aggregate or the report', () => {
  const lines = siteLog();
  const aggregate = tallyLog(lines, { name: 'combined' }, new Verifier({ ranges }));
  const stored = JSON.stringify([aggregate, trafficReport(aggregate, ROBOTS)]);
  const addresses = lines.map((entry) => entry.split(' ')[0]!).filter((ip) => /\d/.test(ip) && ip !== 'this');
  expect(addresses.length).toBeGreaterThan(15);
  for (const ip of addresses) expect(stored).not.toContain(ip);
});

test('behind a proxy: verdicts of the client X-Forwarded-For names (IPv4 and IPv6), forged ones by its network; no address of either kept', () => {
  const proxied = (connecting: string, forwarded: string, path: string) => `${line(connecting, 25, path, 200, UA.gptbot)} "${forwarded}"`;
  const lines = [
    proxied('10.0.0.5', '20.171.206.40, 10.0.0.2', '/a'),
    proxied('::1', '2a0b:4e07:1::40', '/b'),
    proxied('127.0.0.1', '45.83.10.40', '/c'),
    proxied('10.0.0.5', '-', '/d'),
  ];
  const aggregate = tallyLog(lines, { name: 'combined' }, new Verifier({ ranges }));
  const gptbot = aggregate.crawlers.GPTBot!;
  // The last line names no client: its connecting address (the proxy) is outside OpenAI's ranges.
  expect(gptbot.verdicts).toEqual({ verified: 2, forged: 2, unverifiable: 0 });
  expect(gptbot.forgedNetworks).toEqual({ '45.83.10.0/24': 1, '10.0.0.0/24': 1 });
  const stored = JSON.stringify([aggregate, trafficReport(aggregate, ROBOTS)]);
  for (const ip of ['10.0.0.5', '10.0.0.2', '20.171.206.40', '2a0b:4e07:1::40', '45.83.10.40', '127.0.0.1'])
    expect(stored).not.toContain(ip);
});

test('requests claiming a robots.txt-only token are ordinary requests: no crawler row, no contradiction, a referral still counted', () => {
  const lines = [
    line('66.249.66.1', 26, '/a', 200, 'Mozilla/5.0 (compatible; Google-Extended/1.0)'),
    line('17.241.208.9', 26, '/b', 200, 'Applebot-Extended/0.1', 'https://chatgpt.com/'),
  ];
  const aggregate = tallyLog(lines, { name: 'combined' }, new Verifier({ ranges }));
  expect(aggregate.requests).toBe(2);
  expect(aggregate.crawlers).toEqual({});
  const report = trafficReport(aggregate, { 'Google-Extended': 'blocked', 'Applebot-Extended': 'blocked' });
  expect(report.crawlers).toEqual([]);
  expect(report.contradictions).toEqual([]);
  expect(report.referrals.map((referral) => [referral.assistant, referral.visits])).toEqual([['ChatGPT', 1]]);
});
