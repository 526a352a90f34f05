import { lookup as dnsLookup, type LookupAddress, type LookupOptions } from 'node:dns';
import type { Readable } from 'node:stream';
import { createBrotliDecompress, createGunzip, createInflate } from 'node:zlib';
import { Agent, errors as undiciErrors } from 'undici';
import { isIpLiteral, isPublicAddress } from '../domain/shared/addresses';
import { firstHeader } from '../domain/shared/http-response';

/**
 * The one fetcher for every request to a checked site (docs/checks/site.md#politeness-and-safety):
 * a request budget, timeouts, a decompressed-size cap enforced while streaming, a redirect limit with
 * every hop re-checked, and refusal of any non-public address, judged on the address actually
 * connected to (the resolver below is the connection's own, so DNS rebinding cannot slip through).
 */

export type FetchFailureCode =
  'invalid-url' | 'blocked-address' | 'dns' | 'connect' | 'timeout' | 'too-many-redirects' | 'budget-exhausted';

export class SiteFetchError extends Error {
  constructor(
    readonly code: FetchFailureCode,
    message: string,
  ) {
    super(message);
    this.name = 'SiteFetchError';
  }
}

export interface FetchOptions {
  userAgent?: string;
  /** Decompressed bytes kept at most; the rest is not read. */
  maxBytes?: number;
  timeoutMs?: number;
  maxRedirects?: number;
  accept?: string;
  /** false: a redirect is answered as it is, Location unfollowed (Gemini's grounding links). Default true. */
  followRedirects?: boolean;
  /** Streamed consumption (sitemaps): receives decompressed chunks; return false to stop reading. */
  onChunk?: (chunk: Buffer) => boolean | void;
  /** A POST (webhook deliveries) with this body and these extra headers; GET otherwise. */
  post?: { body: string; headers: Record<string, string> };
}

export interface FetchResult {
  /** The URL that answered, after redirects. */
  url: string;
  status: number;
  headers: Record<string, string | string[] | undefined>;
  /** Decompressed body up to maxBytes (empty when onChunk consumed it). */
  body: Buffer;
  /** Decompressed bytes read. */
  bytes: number;
  /** The body was longer than maxBytes (or onChunk stopped it). */
  truncated: boolean;
  /** Each redirect hop, in order. */
  redirects: { url: string; status: number }[];
  timeMs: number;
}

export interface SiteFetcherConfig {
  /** The service's own User-Agent, naming it and linking to PUBLIC_BASE_URL. */
  userAgent: string;
  /** FETCH_ORIGIN_OVERRIDES: host → origin; only these may be loopback or private. */
  originOverrides: Record<string, string>;
}

export const FETCH_DEFAULTS = { maxBytes: 2 * 1024 * 1024, timeoutMs: 10_000, maxRedirects: 5 } as const;

type LookupCallback = (error: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void;

/** Resolves like dns.lookup, then keeps public addresses only: what it returns is what gets connected to. */
function publicOnlyLookup(hostname: string, options: LookupOptions, callback: LookupCallback): void {
  dnsLookup(hostname, { ...options, all: true }, (error, addresses) => {
    if (error) return callback(error, []);
    const usable = addresses.filter((entry) => isPublicAddress(entry.address));
    if (usable.length === 0) {
      // The addresses themselves stay out of the message: it may reach a public report.
      const refused = Object.assign(new Error(`${hostname} resolves only to private or reserved addresses`), { code: 'EBLOCKEDADDRESS' });
      return callback(refused, []);
    }
    if (options.all) return callback(null, usable);
    callback(null, usable[0]!.address, usable[0]!.family);
  });
}

/** Shared by every check on this worker: pooled connections, a few per origin so no site is flooded. */
export function createSiteAgent(): Agent {
  return new Agent({
    connect: { lookup: publicOnlyLookup, timeout: 5_000 },
    connections: 4,
    keepAliveTimeout: 4_000,
  });
}

/** A fetcher for one stage of one check, with its own request budget (each redirect hop counts). */
export class SiteFetcher {
  private requests = 0;

  constructor(
    private readonly agent: Agent,
    private readonly config: SiteFetcherConfig,
    readonly maxRequests: number,
    /** The stage's cancellation (Temporal's): an abandoned attempt stops fetching at once. */
    private readonly cancelled?: AbortSignal,
  ) {}

  get requestsMade(): number {
    return this.requests;
  }

  async fetch(url: string, options: FetchOptions = {}): Promise<FetchResult> {
    const maxRedirects = options.maxRedirects ?? FETCH_DEFAULTS.maxRedirects;
    const timeoutMs = options.timeoutMs ?? FETCH_DEFAULTS.timeoutMs;
    // One controller for the deadline and the stage's cancellation, released when the fetch ends
    // (AbortSignal.timeout/any would keep timers and listeners alive on the long-lived cancellation signal).
    const stop = new AbortController();
    const timer = setTimeout(() => stop.abort(new DOMException('deadline', 'TimeoutError')), timeoutMs);
    const cancel = () => stop.abort(this.cancelled?.reason);
    this.cancelled?.addEventListener('abort', cancel, { once: true });
    try {
      const result = await this.follow(url, options, stop.signal, timeoutMs, maxRedirects);
      // A body cut short still yields what arrived, but not when the cut was the stage's cancellation.
      if (this.cancelled?.aborted) throw this.cancelled.reason;
      return result;
    } catch (error) {
      // The stage's own cancellation stays a cancellation (Temporal's), not a timeout of the site.
      if (this.cancelled?.aborted) throw this.cancelled.reason;
      throw error;
    } finally {
      clearTimeout(timer);
      this.cancelled?.removeEventListener('abort', cancel);
    }
  }

  private async follow(
    url: string,
    options: FetchOptions,
    signal: AbortSignal,
    timeoutMs: number,
    maxRedirects: number,
  ): Promise<FetchResult> {
    const started = performance.now();
    const redirects: FetchResult['redirects'] = [];
    let current = parseTarget(url);

    for (;;) {
      const response = await this.send(current, options, signal, timeoutMs);
      const location = firstHeader(response.headers.location);
      if (response.statusCode >= 300 && response.statusCode < 400 && location && options.followRedirects !== false) {
        discard(response.body);
        redirects.push({ url: current.href, status: response.statusCode });
        if (redirects.length > maxRedirects) {
          throw new SiteFetchError('too-many-redirects', `more than ${maxRedirects} redirects from ${url}`);
        }
        current = parseTarget(location, current);
        continue;
      }
      const read = await readBody(response.body, firstHeader(response.headers['content-encoding']), options, signal, current);
      return {
        url: current.href,
        status: response.statusCode,
        headers: response.headers,
        ...read,
        redirects,
        timeMs: Math.round(performance.now() - started),
      };
    }
  }

  private async send(target: URL, options: FetchOptions, signal: AbortSignal, timeoutMs: number) {
    if (this.cancelled?.aborted) throw this.cancelled.reason;
    if (this.requests >= this.maxRequests) {
      throw new SiteFetchError('budget-exhausted', `this stage may make at most ${this.maxRequests} requests to the site`);
    }
    this.requests++;
    const override = this.config.originOverrides[target.hostname];
    if (!override && isIpLiteral(target.hostname) && !isPublicAddress(target.hostname.replace(/^\[|\]$/g, ''))) {
      throw new SiteFetchError('blocked-address', `${target.hostname} is a private or reserved address`);
    }
    try {
      return await this.agent.request({
        origin: override ?? target.origin,
        path: `${target.pathname}${target.search}`,
        method: options.post ? 'POST' : 'GET',
        headers: {
          host: target.host,
          'user-agent': options.userAgent ?? this.config.userAgent,
          accept: options.accept ?? 'text/html,application/xhtml+xml,application/xml;q=0.9,text/plain;q=0.8,*/*;q=0.5',
          'accept-encoding': 'gzip, deflate, br',
          'accept-language': 'en;q=0.9, *;q=0.5',
          ...options.post?.headers,
        },
        ...(options.post ? { body: options.post.body } : {}),
        signal,
        headersTimeout: timeoutMs,
        bodyTimeout: timeoutMs,
      });
    } catch (error) {
      throw asFetchError(error, target);
    }
  }
}

function parseTarget(location: string, base?: URL): URL {
  let url: URL;
  try {
    url = new URL(location, base);
  } catch {
    throw new SiteFetchError('invalid-url', `"${location.slice(0, 200)}" is not a valid URL`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new SiteFetchError('invalid-url', `${url.protocol} URLs are not fetched`);
  }
  url.hash = '';
  return url;
}

/** Stops reading a body we no longer want; the abort error that follows is expected. */
function discard(stream: Readable): void {
  stream.on('error', () => undefined);
  stream.destroy();
}

function decoderFor(encoding: string | undefined) {
  switch (encoding?.trim().toLowerCase()) {
    case 'gzip':
    case 'x-gzip':
      return createGunzip();
    case 'deflate':
      return createInflate();
    case 'br':
      return createBrotliDecompress();
    default:
      return undefined;
  }
}

async function readBody(raw: Readable, encoding: string | undefined, options: FetchOptions, signal: AbortSignal, target: URL) {
  const maxBytes = options.maxBytes ?? FETCH_DEFAULTS.maxBytes;
  const decoder = decoderFor(encoding);
  const stream: Readable = decoder ? raw.pipe(decoder) : raw;
  if (decoder) raw.on('error', (error) => decoder.destroy(error));
  const chunks: Buffer[] = [];
  let bytes = 0;
  let truncated = false;
  try {
    for await (const data of stream) {
      let chunk = data as Buffer;
      if (bytes + chunk.length > maxBytes) {
        chunk = chunk.subarray(0, maxBytes - bytes);
        truncated = true;
      }
      bytes += chunk.length;
      if (options.onChunk) {
        if (options.onChunk(chunk) === false) truncated = true;
      } else {
        chunks.push(chunk);
      }
      if (truncated) break;
    }
  } catch (error) {
    // A body cut short by the deadline or a broken encoding still yields what arrived.
    if (!signal.aborted && !isBrokenEncoding(error)) throw asFetchError(error, target);
    truncated = true;
  } finally {
    discard(raw);
    if (decoder) discard(decoder);
  }
  return { body: Buffer.concat(chunks), bytes, truncated };
}

/**
 * zlib's own codes for a compressed body that ends early (Z_BUF_ERROR) or is not what its encoding
 * says (Z_DATA_ERROR; Brotli's format errors are ERR__ERROR_FORMAT_*).
 */
function isBrokenEncoding(error: unknown): boolean {
  // Duck-typed, as zlib's errors are not instances of this realm's Error everywhere (jest's vm).
  const code = typeof error === 'object' && error !== null && 'code' in error ? error.code : undefined;
  return code === 'Z_BUF_ERROR' || code === 'Z_DATA_ERROR' || (typeof code === 'string' && code.startsWith('ERR__ERROR_FORMAT_'));
}

function asFetchError(error: unknown, target: URL): SiteFetchError {
  if (error instanceof SiteFetchError) return error;
  // Duck-typed: the timeout arrives as a DOMException, which is not an Error in every realm.
  const { name, message = String(error) } = error as { name?: string; message?: string };
  const code = (error as NodeJS.ErrnoException).code ?? (error as { cause?: NodeJS.ErrnoException }).cause?.code;
  if (code === 'EBLOCKEDADDRESS') return new SiteFetchError('blocked-address', message);
  if (code === 'ENOTFOUND' || code === 'EAI_AGAIN') return new SiteFetchError('dns', `${target.hostname} does not resolve`);
  if (
    error instanceof undiciErrors.HeadersTimeoutError ||
    error instanceof undiciErrors.BodyTimeoutError ||
    error instanceof undiciErrors.ConnectTimeoutError ||
    name === 'TimeoutError' ||
    name === 'AbortError'
  ) {
    return new SiteFetchError('timeout', `${target.host} did not answer in time`);
  }
  return new SiteFetchError('connect', `${target.host} could not be reached (${code ?? message})`);
}
