import { brotliCompressSync, gzipSync } from 'node:zlib';
import { createSiteAgent, SiteFetcher, SiteFetchError } from '../../infra/site-fetcher';
import { routes, send, startHttpFixture, type HttpFixture } from '../../dev/http-fixture';

const agent = createSiteAgent();
let site: HttpFixture;
let elsewhere: HttpFixture;
let fetcher: (maxRequests?: number) => SiteFetcher;

beforeAll(async () => {
  elsewhere = await startHttpFixture(send(200, 'private data'));
  site = await startHttpFixture(
    routes({
      '/': send(200, '<h1>Home</h1>'),
      '/hop1': send(301, '', { location: '/hop2' }),
      '/hop2': send(302, '', { location: 'https://other.test/landing' }),
      '/loop': send(302, '', { location: '/loop' }),
      '/to-loopback-ip': (req, res) => send(302, '', { location: `${elsewhere.origin}/` })(req, res),
      '/to-localhost': send(302, '', { location: 'http://localhost/admin' }),
      '/to-metadata': send(302, '', { location: 'http://169.254.169.254/latest/meta-data/' }),
      '/to-mapped': send(302, '', { location: 'http://[::ffff:127.0.0.1]/' }),
      '/gzip': send(200, gzipSync('<p>compressed</p>'), { 'content-type': 'text/html', 'content-encoding': 'gzip' }),
      '/gzip-cut': send(200, gzipSync(Buffer.alloc(200_000, 'a')).subarray(0, 150), {
        'content-type': 'text/html',
        'content-encoding': 'gzip',
      }),
      '/not-gzip': send(200, '<p>plain, labelled gzip</p>', { 'content-type': 'text/html', 'content-encoding': 'gzip' }),
      '/not-brotli': send(200, Buffer.from([0xff, ...brotliCompressSync('<p>x</p>')]), {
        'content-type': 'text/html',
        'content-encoding': 'br',
      }),
      '/gzip-bomb': send(200, gzipSync(Buffer.alloc(50 * 1024 * 1024, 'a')), { 'content-type': 'text/html', 'content-encoding': 'gzip' }),
      '/endless': (_req, res) => {
        res.writeHead(200, { 'content-type': 'text/html' });
        const chunk = Buffer.alloc(64 * 1024, 'x');
        const pump = () => {
          while (res.write(chunk)) {
            /* keep the socket full */
          }
        };
        res.on('drain', pump);
        pump();
      },
      '/trickle': (_req, res) => {
        res.writeHead(200, { 'content-type': 'text/html' });
        const timer = setInterval(() => res.write('.'), 100);
        res.on('close', () => clearInterval(timer));
      },
      '/reset-mid-body': (_req, res) => {
        res.writeHead(200, { 'content-type': 'text/html', 'content-length': '100000' });
        res.write('<p>partial');
        setTimeout(() => res.socket?.destroy(), 50);
      },
      '/silent': () => {
        /* never answers */
      },
    }),
  );
  const originOverrides = { 'good.test': site.origin, 'other.test': site.origin };
  fetcher = (maxRequests = 10) =>
    new SiteFetcher(agent, { userAgent: 'AIVisibilityCheck/1.0 (+http://localhost:3000)', originOverrides }, maxRequests);
});
afterAll(async () => {
  await Promise.all([site.close(), elsewhere.close()]);
  await agent.close();
});

const failure = (promise: Promise<unknown>) =>
  promise.then(
    () => undefined,
    (error: unknown) => error as SiteFetchError,
  );

test('a page of an overridden host is fetched from its origin, with the original Host and the service User-Agent', async () => {
  const result = await fetcher().fetch('https://good.test/');
  expect(result).toMatchObject({ url: 'https://good.test/', status: 200, truncated: false, redirects: [] });
  expect(result.body.toString()).toBe('<h1>Home</h1>');
  expect(site.requests.at(-1)).toMatchObject({ path: '/', host: 'good.test', userAgent: 'AIVisibilityCheck/1.0 (+http://localhost:3000)' });
});

test('a crawler User-Agent can be sent instead', async () => {
  await fetcher().fetch('https://good.test/', { userAgent: 'GPTBot/1.1' });
  expect(site.requests.at(-1)?.userAgent).toBe('GPTBot/1.1');
});

test('redirects are followed and each hop is recorded', async () => {
  const result = await fetcher().fetch('https://good.test/hop1');
  expect(result.url).toBe('https://other.test/landing');
  expect(result.status).toBe(404);
  expect(result.redirects).toEqual([
    { url: 'https://good.test/hop1', status: 301 },
    { url: 'https://good.test/hop2', status: 302 },
  ]);
});

test.each([
  ['a loopback IP', '/to-loopback-ip'],
  ['a host name resolving to loopback', '/to-localhost'],
  ['the cloud metadata address', '/to-metadata'],
  ['an IPv4-mapped IPv6 loopback', '/to-mapped'],
])('a redirect into %s is refused', async (_name, path) => {
  const error = await failure(fetcher().fetch(`https://good.test${path}`));
  expect(error).toBeInstanceOf(SiteFetchError);
  expect(error).toMatchObject({ code: 'blocked-address' });
});

test('a private address is refused even as the first URL', async () => {
  expect(await failure(fetcher().fetch(elsewhere.origin))).toMatchObject({ code: 'blocked-address' });
  expect(elsewhere.requests).toHaveLength(0);
});

test('redirect loops stop at the limit', async () => {
  expect(await failure(fetcher().fetch('https://good.test/loop', { maxRedirects: 3 }))).toMatchObject({ code: 'too-many-redirects' });
});

test('each request, redirect hops included, counts against the stage budget', async () => {
  const limited = fetcher(2);
  expect(await failure(limited.fetch('https://good.test/hop1'))).toMatchObject({ code: 'budget-exhausted' });
  expect(limited.requestsMade).toBe(2);
});

test('compressed bodies are decompressed', async () => {
  const result = await fetcher().fetch('https://good.test/gzip');
  expect(result.body.toString()).toBe('<p>compressed</p>');
});

test('a compressed body cut short, or not in its stated encoding, gives what decoded, marked truncated, not an error', async () => {
  const cut = await fetcher().fetch('https://good.test/gzip-cut');
  expect(cut.truncated).toBe(true);
  expect(cut.body.length).toBeGreaterThan(0);
  expect(cut.body.toString()).toMatch(/^a+$/);
  for (const path of ['/not-gzip', '/not-brotli']) {
    expect(await fetcher().fetch(`https://good.test${path}`)).toMatchObject({ status: 200, truncated: true });
  }
});

test('a gzip bomb is cut at the cap, counted in decompressed bytes', async () => {
  const result = await fetcher().fetch('https://good.test/gzip-bomb', { maxBytes: 100_000 });
  expect(result).toMatchObject({ bytes: 100_000, truncated: true });
  expect(result.body.length).toBe(100_000);
});

test('an endless body is cut at the cap', async () => {
  const result = await fetcher().fetch('https://good.test/endless', { maxBytes: 300_000 });
  expect(result).toMatchObject({ bytes: 300_000, truncated: true });
});

test('a body that trickles forever ends at the deadline with what arrived', async () => {
  const result = await fetcher().fetch('https://good.test/trickle', { timeoutMs: 700 });
  expect(result.truncated).toBe(true);
  expect(result.bytes).toBeGreaterThan(0);
});

test('a connection reset in the middle of the body is a fetch failure, like any other', async () => {
  expect(await failure(fetcher().fetch('https://good.test/reset-mid-body'))).toMatchObject({ code: 'connect' });
});

test('a server that never answers times out', async () => {
  expect(await failure(fetcher().fetch('https://good.test/silent', { timeoutMs: 500 }))).toMatchObject({ code: 'timeout' });
});

test('a name that does not resolve is a DNS failure', async () => {
  expect(await failure(fetcher().fetch('https://no-such-host.invalid/'))).toMatchObject({ code: 'dns' });
});

test('non-http schemes are refused', async () => {
  expect(await failure(fetcher().fetch('file:///etc/passwd'))).toMatchObject({ code: 'invalid-url' });
});
