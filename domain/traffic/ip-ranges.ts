import ipaddr from 'ipaddr.js';

/** A vendor's published IP ranges, as stored: the file's own date and its CIDR prefixes. */
export interface RangeFile {
  creationTime?: string;
  prefixes: string[];
}

/**
 * Reads a vendor's range file: `{creationTime, prefixes:[{ipv4Prefix}|{ipv6Prefix}]}` (Google, Bing, OpenAI,
 * Perplexity, Apple, Common Crawl, DuckDuckGo, Mistral, Parallel), the same with plain strings or AWS-style
 * `ip_prefix`/`ipv6_prefix` keys, a bare array of prefixes, or such JSON inside an HTML page (Amazon
 * publishes its ranges that way, host addresses without a length: read as /32 or /128). Prefixes that
 * are not valid CIDR are dropped; a file with no valid
 * prefix is an error, so a broken download never replaces good ranges with none.
 */
export function parseRangeFile(text: string): RangeFile {
  const document = jsonOf(text);
  const entries: unknown[] = Array.isArray(document)
    ? document
    : Array.isArray((document as { prefixes?: unknown }).prefixes)
      ? (document as { prefixes: unknown[] }).prefixes
      : [];
  const prefixes = entries
    .map(prefixOf)
    .map((prefix) =>
      prefix !== undefined && !prefix.includes('/') && ipaddr.isValid(prefix)
        ? `${prefix}/${ipaddr.parse(prefix).kind() === 'ipv4' ? 32 : 128}`
        : prefix,
    )
    .filter((prefix): prefix is string => prefix !== undefined && isCidr(prefix));
  if (prefixes.length === 0) throw new Error('the range file lists no IP prefix');
  const creationTime = Array.isArray(document) ? undefined : (document as { creationTime?: unknown }).creationTime;
  return { creationTime: typeof creationTime === 'string' ? creationTime : undefined, prefixes };
}

const PREFIX_KEYS = ['ipv4Prefix', 'ipv6Prefix', 'ip_prefix', 'ipv6_prefix', 'ipPrefix', 'prefix', 'cidr'];

function prefixOf(entry: unknown): string | undefined {
  if (typeof entry === 'string') return entry.trim();
  if (typeof entry !== 'object' || entry === null) return undefined;
  for (const key of PREFIX_KEYS) {
    const value = (entry as Record<string, unknown>)[key];
    if (typeof value === 'string') return value.trim();
  }
  return undefined;
}

function isCidr(prefix: string): boolean {
  try {
    ipaddr.parseCIDR(prefix);
    return true;
  } catch {
    return false;
  }
}

/** The JSON document of a range file, or the JSON object holding `prefixes` inside an HTML page. */
function jsonOf(text: string): unknown {
  const trimmed = text.trim();
  if (trimmed.startsWith('{') || trimmed.startsWith('[')) return JSON.parse(trimmed);
  const html = trimmed.replace(/&quot;|&#34;|&#x22;/gi, '"').replace(/&amp;/g, '&');
  const key = html.indexOf('"prefixes"');
  if (key < 0) throw new Error('no range list found in the page');
  for (let start = html.lastIndexOf('{', key); start >= 0; start = html.lastIndexOf('{', start - 1)) {
    const end = balancedEnd(html, start);
    if (end > key) return JSON.parse(html.slice(start, end));
  }
  throw new Error('no range list found in the page');
}

/** The index after the `}` that closes the `{` at `start` (strings respected), or -1. */
function balancedEnd(text: string, start: number): number {
  let depth = 0;
  let inString = false;
  for (let at = start; at < text.length; at++) {
    const char = text[at];
    if (inString) {
      if (char === '\\') at++;
      else if (char === '"') inString = false;
    } else if (char === '"') inString = true;
    else if (char === '{') depth++;
    else if (char === '}' && --depth === 0) return at + 1;
  }
  return -1;
}

/** An IPv4 address as an unsigned 32-bit number. */
function ipv4Number(address: ipaddr.IPv4): number {
  const [a, b, c, d] = address.octets as [number, number, number, number];
  return ((a << 24) | (b << 16) | (c << 8) | d) >>> 0;
}

/** A parsed address, IPv4-mapped IPv6 read as the IPv4 it carries; undefined when not an address. */
export function parseAddress(text: string): ipaddr.IPv4 | ipaddr.IPv6 | undefined {
  if (!ipaddr.isValid(text)) return undefined;
  const parsed = ipaddr.parse(text);
  return parsed.kind() === 'ipv6' && (parsed as ipaddr.IPv6).isIPv4MappedAddress() ? (parsed as ipaddr.IPv6).toIPv4Address() : parsed;
}

/**
 * Prefixes compiled for fast lookups: IPv4 as sorted, merged intervals searched by bisection (a million
 * lookups must take well under a second); IPv6 as (address, bits) pairs matched by ipaddr.js.
 */
export class RangeIndex {
  private readonly starts: number[] = [];
  private readonly ends: number[] = [];
  private readonly ipv6: [ipaddr.IPv6, number][] = [];

  constructor(prefixes: Iterable<string>) {
    const intervals: [number, number][] = [];
    for (const prefix of prefixes) {
      const [network, bits] = ipaddr.parseCIDR(prefix);
      if (network.kind() === 'ipv4') {
        const start = ipv4Number(network as ipaddr.IPv4);
        const size = 2 ** (32 - bits);
        const first = start - (start % size);
        intervals.push([first, first + size - 1]);
      } else {
        this.ipv6.push([network as ipaddr.IPv6, bits]);
      }
    }
    intervals.sort((a, b) => a[0] - b[0]);
    for (const [start, end] of intervals) {
      const last = this.ends.length - 1;
      if (last >= 0 && start <= this.ends[last]! + 1) this.ends[last] = Math.max(this.ends[last]!, end);
      else {
        this.starts.push(start);
        this.ends.push(end);
      }
    }
  }

  get size(): number {
    return this.starts.length + this.ipv6.length;
  }

  contains(address: ipaddr.IPv4 | ipaddr.IPv6): boolean {
    if (address.kind() === 'ipv6') return this.ipv6.some(([network, bits]) => (address as ipaddr.IPv6).match(network, bits));
    const value = ipv4Number(address as ipaddr.IPv4);
    let low = 0;
    let high = this.starts.length - 1;
    while (low <= high) {
      const middle = (low + high) >>> 1;
      if (value < this.starts[middle]!) high = middle - 1;
      else if (value > this.ends[middle]!) low = middle + 1;
      else return true;
    }
    return false;
  }
}
