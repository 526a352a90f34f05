import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { RANGE_FILES } from '../../domain/traffic/range-files';

/**
 * The AI crawler vendors' IP-range files, at their published addresses (route their hosts here with
 * `fetchOverrides()`), in their published format: `{"creationTime": "…", "prefixes": [{"ipv4Prefix": …} |
 * {"ipv6Prefix": …}]}` served as application/json (Google's crawling docs, OpenAI's bots page,
 * Anthropic, Perplexity, Bing, Apple, Common Crawl, DuckDuckGo, Mistral, Parallel); Amazon publishes the
 * same JSON inside an HTML page, its quotes as entities. A path the vendor does not publish is 404.
 */
export interface RangeFileContent {
  creationTime: string;
  prefixes: string[];
}

/**
 * A few prefixes of each vendor's file as published in November 2026 (enough to test against; the real
 * files are longer). Prefixes are public address space, IPv6 where the vendor lists IPv6.
 */
export const STAND_IN_RANGES: Record<string, string[]> = {
  'openai-gptbot': ['20.171.206.0/24', '52.230.152.0/24', '4.227.36.0/25', '132.196.86.0/24', '172.182.204.0/24'],
  'openai-searchbot': ['20.42.10.176/28', '172.203.190.128/28', '51.8.102.0/24', '135.234.64.0/24'],
  'openai-chatgpt-user': ['23.98.142.176/28', '40.84.180.224/28', '13.65.240.240/28', '104.210.139.192/28'],
  'openai-adsbot': ['20.97.189.96/28'],
  'openai-chatgpt-connectors': ['20.102.212.144/28'],
  // bots.json: the crawlers' own block (the company's network, 160.79.104.0/23, is not in it).
  'anthropic-bots': ['216.73.216.0/22'],
  'perplexity-bot': ['107.20.236.150/32', '3.224.62.45/32', '18.210.92.235/32'],
  'perplexity-user': ['44.208.221.197/32', '34.193.163.52/32'],
  'google-common-crawlers': ['66.249.64.0/27', '66.249.66.0/27', '192.178.4.0/27', '2001:4860:4801:10::/64', '2001:4860:4801:12::/64'],
  'google-special-crawlers': ['108.177.2.0/27', '2001:4860:4801:2008::/64'],
  'google-user-triggered-fetchers': ['34.100.182.96/28', '2600:1900:0:2b00::/56'],
  'google-user-triggered-fetchers-google': ['74.125.208.0/27', '2001:4860:4801:90::/64'],
  'google-user-triggered-agents': ['35.187.132.224/28'],
  'microsoft-bingbot': ['157.55.39.0/24', '207.46.13.0/24', '40.77.167.0/24'],
  'apple-applebot': ['17.241.208.0/24', '17.22.237.0/24', '17.166.150.0/24', '2a01:b747:3000:200::/56'],
  // Amazon lists host addresses, without a length.
  'amazon-amazonbot': ['52.70.240.171', '3.224.220.101', '100.24.149.244'],
  'amazon-searchbot': ['44.221.0.0/24'],
  'amazon-live': ['98.85.0.0/24'],
  'commoncrawl-ccbot': ['18.97.9.168/29', '18.97.14.80/29', '2600:1f28:365:8000::/56'],
  'duckduckgo-duckassistbot': ['20.191.45.212/32', '40.88.21.235/32', '104.43.54.127/32'],
  'mistral-user': ['51.159.73.0/28', '20.240.160.1/32'],
  'mistral-index': ['51.159.72.0/28'],
  'parallel-shapbot': ['34.48.96.0/28'],
};

export interface RangeFileStandIns {
  origin: string;
  /** Every range file's host → this server, for FETCH_ORIGIN_OVERRIDES. */
  fetchOverrides(): Record<string, string>;
  /** Publishes a new version of a vendor's file. */
  publish(id: string, content: RangeFileContent): void;
  /** Makes a vendor's file answer this status (a vendor outage) until published again. */
  fail(id: string, status: number): void;
  /** Requests served, by range file id. */
  requests: Map<string, number>;
  close(): Promise<void>;
}

const DEFAULT_CREATION_TIME = '2026-11-20T15:46:03.000000';

function body(format: 'prefixes' | 'html-json', content: RangeFileContent): { type: string; text: string } {
  const json = JSON.stringify(
    {
      creationTime: content.creationTime,
      prefixes: content.prefixes.map((prefix) => (prefix.includes(':') ? { ipv6Prefix: prefix } : { ipv4Prefix: prefix })),
    },
    null,
    2,
  );
  if (format === 'prefixes') return { type: 'application/json', text: json };
  const escaped = json.replace(/&/g, '&amp;').replace(/"/g, '&quot;');
  return {
    type: 'text/html; charset=utf-8',
    text: `<!DOCTYPE html><html><head><title>Amazonbot IP addresses</title></head><body><main><h1>IP addresses</h1><pre><code>${escaped}</code></pre></main></body></html>`,
  };
}

export async function startRangeFileStandIns(): Promise<RangeFileStandIns> {
  const byAddress = new Map(RANGE_FILES.map((source) => [`${new URL(source.url).host}${new URL(source.url).pathname}`, source]));
  const contents = new Map<string, RangeFileContent>(
    RANGE_FILES.map((source) => [source.id, { creationTime: DEFAULT_CREATION_TIME, prefixes: STAND_IN_RANGES[source.id] ?? [] }]),
  );
  const failures = new Map<string, number>();
  const requests = new Map<string, number>();
  const server = createServer((request, response) => {
    const source = byAddress.get(`${request.headers.host ?? ''}${new URL(request.url ?? '/', 'http://x').pathname}`);
    if (!source || request.method !== 'GET') {
      response.writeHead(404, { 'content-type': 'text/html' }).end('<h1>Not Found</h1>');
      return;
    }
    requests.set(source.id, (requests.get(source.id) ?? 0) + 1);
    const failure = failures.get(source.id);
    if (failure) {
      response.writeHead(failure, { 'content-type': 'text/html' }).end('<h1>Service Unavailable</h1>');
      return;
    }
    const { type, text } = body(source.format, contents.get(source.id)!);
    response.writeHead(200, { 'content-type': type, 'cache-control': 'public, max-age=3600' }).end(text);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    origin,
    fetchOverrides: () => Object.fromEntries(RANGE_FILES.map((source) => [new URL(source.url).hostname, origin])),
    publish(id, content) {
      contents.set(id, content);
      failures.delete(id);
    },
    fail: (id, status) => failures.set(id, status),
    requests,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
