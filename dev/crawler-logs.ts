/**
 * Access logs for tests and demos, in NGINX's combined format, whose counts are known: crawlers from
 * inside their vendor's ranges (dev/vendor-stand-ins/range-files.ts), from outside them, from vendors
 * verified by reverse DNS (the zone below, for dev/dns-stand-in.ts), from vendors that publish nothing,
 * visitors sent by assistants, and unreadable lines.
 */
import type { DnsZone } from './dns-stand-in';

const UA = {
  gptbot: 'Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; GPTBot/1.2; +https://openai.com/gptbot)',
  googlebot: 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)',
  bingbot: 'Mozilla/5.0 (compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm)',
  claudebot: 'Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; ClaudeBot/1.0; +claudebot@anthropic.com)',
  bytespider:
    'Mozilla/5.0 (Linux; Android 5.0) AppleWebKit/537.36 (KHTML, like Gecko) Mobile Safari/537.36 (compatible; Bytespider; spider-feedback@bytedance.com)',
  browser: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
};

/** Reverse DNS for the log's Bing addresses: one confirmed, one whose name does not resolve back to it. */
export const SAMPLE_DNS_ZONE: DnsZone = {
  ptr: { '157.55.40.12': ['msnbot-157-55-40-12.search.msn.com'], '45.83.10.7': ['msnbot-157-55-40-12.search.msn.com'] },
  addresses: { 'msnbot-157-55-40-12.search.msn.com': ['157.55.40.12'] },
};

/** Every client address the sample log holds: none may appear in a stored report. */
export const SAMPLE_ADDRESSES = [
  '20.171.206.41',
  '52.230.152.9',
  '198.51.100.23',
  '66.249.66.5',
  '2001:4860:4801:10::5',
  '157.55.40.12',
  '45.83.10.7',
  '216.73.216.17',
  '2a02:c207:3011::5',
  '203.0.113.99',
  '81.2.69.142',
  '2001:67c:1220:80c::93e5:dd2',
];

const line = (ip: string, day: number, path: string, status: number, agent: string, referer = '-') =>
  `${ip} - - [${String(day).padStart(2, '0')}/Nov/2026:10:${String(day).padStart(2, '0')}:07 +0000] "GET ${path} HTTP/1.1" ${status} 5120 "${referer}" "${agent}"`;

/** One round of the sample: 20 lines, 19 requests and one unreadable line. Repeat it for larger logs. */
export function sampleRound(round = 0): string[] {
  const day = 1 + (round % 28);
  return [
    line('20.171.206.41', day, '/docs/a', 200, UA.gptbot),
    line('52.230.152.9', day, '/docs/b', 200, UA.gptbot),
    line('52.230.152.9', day, '/robots.txt', 200, UA.gptbot),
    line('198.51.100.23', day, '/docs/a', 200, UA.gptbot),
    line('66.249.66.5', day, '/docs/a', 403, UA.googlebot),
    line('66.249.66.5', day, '/docs/b', 403, UA.googlebot),
    line('2001:4860:4801:10::5', day, '/', 200, UA.googlebot),
    line('157.55.40.12', day, '/pricing', 200, UA.bingbot),
    line('45.83.10.7', day, '/pricing', 200, UA.bingbot),
    line('216.73.216.17', day, '/docs/c', 200, UA.claudebot),
    line('2a02:c207:3011::5', day, '/docs/c', 200, UA.claudebot),
    line('203.0.113.99', day, '/docs/a', 200, UA.bytespider),
    line('81.2.69.142', day, '/pricing', 200, UA.browser, 'https://chatgpt.com/'),
    line('81.2.69.142', day, '/docs/a?utm_source=perplexity.ai', 200, UA.browser),
    line('2001:67c:1220:80c::93e5:dd2', day, '/docs/b', 200, UA.browser, 'https://gemini.google.com/app'),
    line('2001:67c:1220:80c::93e5:dd2', day, '/docs/b', 200, UA.browser, 'https://www.google.com/'),
    line('81.2.69.142', day, '/', 200, UA.browser),
    'this line is not an access log line',
    line('20.171.206.41', day, '/docs/d', 200, UA.gptbot),
    line('66.249.66.5', day, '/docs/c', 403, UA.googlebot),
  ];
}

/** What one round counts: per crawler token, requests by verdict; per assistant, visits. */
export const SAMPLE_ROUND = {
  lines: 20,
  requests: 19,
  unreadable: 1,
  crawlers: {
    GPTBot: { verified: 4, forged: 1, unverifiable: 0 },
    Googlebot: { verified: 4, forged: 0, unverifiable: 0 },
    bingbot: { verified: 1, forged: 1, unverifiable: 0 },
    ClaudeBot: { verified: 1, forged: 1, unverifiable: 0 },
    Bytespider: { verified: 0, forged: 0, unverifiable: 1 },
  },
  referrals: { ChatGPT: 1, Perplexity: 1, Gemini: 1 },
} as const;

export function sampleLog(rounds: number): string {
  return Array.from({ length: rounds }, (_, round) => sampleRound(round).join('\n')).join('\n') + '\n';
}
