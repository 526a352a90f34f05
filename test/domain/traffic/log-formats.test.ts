import { detectLogFormat, readLogLines, type LogFormat } from '../../../domain/traffic/log-format';
import type { LogRequest } from '../../../domain/traffic/log-request';

/** Lines written from each vendor's documented examples and field lists. */

function read(lines: string[]) {
  const detection = detectLogFormat(lines);
  if (!detection.known) throw new Error(`not detected: ${detection.unreadLines.join(' | ')}`);
  const requests: LogRequest[] = [];
  const counts = readLogLines(lines, detection.format, (request) => requests.push(request));
  return { format: detection.format, requests, counts };
}

const GPTBOT_UA = 'Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; GPTBot/1.1; +https://openai.com/gptbot)';

test('Apache combined format (the Apache documentation example): every field, the time in UTC', () => {
  const { format, requests } = read([
    '127.0.0.1 - frank [10/Oct/2000:13:55:36 -0700] "GET /apache_pb.gif HTTP/1.0" 200 2326 "http://www.example.com/start.html" "Mozilla/4.08 [en] (Win98; I ;Nav)"',
  ]);
  expect(format).toEqual({ name: 'combined' });
  expect(requests).toEqual([
    {
      time: Date.parse('2000-10-10T20:55:36Z'),
      ip: '127.0.0.1',
      method: 'GET',
      path: '/apache_pb.gif',
      status: 200,
      userAgent: 'Mozilla/4.08 [en] (Win98; I ;Nav)',
      referer: 'http://www.example.com/start.html',
    },
  ]);
});

test('common format (no referer, no user agent) is told apart from combined', () => {
  const { format, requests } = read(['127.0.0.1 - frank [10/Oct/2000:13:55:36 -0700] "GET /apache_pb.gif HTTP/1.0" 200 2326']);
  expect(format).toEqual({ name: 'common' });
  expect(requests[0]).toMatchObject({ path: '/apache_pb.gif', status: 200, userAgent: '' });
});

test('NGINX combined with escaped quotes, an IPv6 client, an absent referer and extra fields after the user agent', () => {
  const { requests } = read([
    `2001:db8::7 - - [24/Nov/2026:10:00:00 +0000] "GET /search?q=\\x22widgets\\x22 HTTP/2.0" 403 153 "-" "${GPTBOT_UA}" "-" 0.001`,
  ]);
  expect(requests[0]).toEqual({
    time: Date.parse('2026-11-24T10:00:00Z'),
    ip: '2001:db8::7',
    method: 'GET',
    path: '/search?q="widgets"',
    status: 403,
    userAgent: GPTBOT_UA,
    referer: undefined,
  });
});

test('combined: a remote user with spaces or quotes, and a field after the user agent (NGINX "$http_x_forwarded_for", "-" or an address)', () => {
  const time = '[24/Nov/2026:10:00:00 +0000]';
  const { requests, counts } = read([
    `20.171.206.9 - "john doe" ${time} "GET /a HTTP/1.1" 200 5 "-" "${GPTBOT_UA}"`,
    `20.171.206.9 - john doe ${time} "GET /b HTTP/1.1" 200 5 "-" "${GPTBOT_UA}"`,
    `20.171.206.9 - - - ${time} "GET /c HTTP/1.1" 200 5 "-" "${GPTBOT_UA}"`,
    `20.171.206.9 - "o\\"brien" ${time} "GET /d HTTP/1.1" 401 5 "-" "${GPTBOT_UA}"`,
    `20.171.206.9 - "-" ${time} "GET /e HTTP/1.1" 200 5 "-" "${GPTBOT_UA}" "-"`,
    `20.171.206.9 - - ${time} "GET /f HTTP/1.1" 200 5 "-" "${GPTBOT_UA}" 52.1.2.3`,
    `2001:4860:4801:10::5 - - ${time} "GET /g HTTP/1.1" 200 5 "https://example.com/" "${GPTBOT_UA}" "2a02:c207:3011::5" rt=0.002`,
  ]);
  expect(counts).toEqual({ lines: 7, unreadable: 0, unreadableAt: [] });
  expect(requests.map((request) => [request.ip, request.path, request.status, request.userAgent])).toEqual([
    ['20.171.206.9', '/a', 200, GPTBOT_UA],
    ['20.171.206.9', '/b', 200, GPTBOT_UA],
    ['20.171.206.9', '/c', 200, GPTBOT_UA],
    ['20.171.206.9', '/d', 401, GPTBOT_UA],
    // A public connecting address is the client, whatever X-Forwarded-For says.
    ['20.171.206.9', '/e', 200, GPTBOT_UA],
    ['20.171.206.9', '/f', 200, GPTBOT_UA],
    ['2001:4860:4801:10::5', '/g', 200, GPTBOT_UA],
  ]);
  expect(requests[6]!.referer).toBe('https://example.com/');
});

test('combined behind a proxy: the left-most public address of a trailing X-Forwarded-For is the client when the connecting address is private or loopback (IPv4 and IPv6)', () => {
  const line = (connecting: string, forwarded: string) =>
    `${connecting} - - [24/Nov/2026:10:00:00 +0000] "GET / HTTP/1.1" 200 5 "-" "${GPTBOT_UA}" ${forwarded}`;
  const { requests } = read([
    line('10.0.0.5', '"20.171.206.9, 10.0.0.2"'),
    line('127.0.0.1', '"192.168.1.4, 20.171.206.9, 66.249.66.1"'),
    line('172.16.0.9', '20.171.206.9'),
    line('10.0.0.5', '"unknown, 20.171.206.9:51234"'),
    line('::1', '"2001:4860:4801:10::5"'),
    line('fd00::7', '"fd00::8, [2600:1f28:365:8000::9]:443, 2001:4860:4801:10::5"'),
    line('::ffff:10.1.2.3', '"2a02:c207:3011::5"'),
    line('100.64.0.1', '"20.171.206.9"'),
    // Nothing public to take: the connecting address stays.
    line('10.0.0.5', '"-"'),
    line('10.0.0.5', '"192.168.1.4, 10.0.0.2"'),
    line('10.0.0.5', '0.001'),
    // A public connecting address is the client: X-Forwarded-For is what the client says of itself.
    line('66.249.66.1', '"20.171.206.9"'),
    line('2001:4860:4801:10::5', '"2a02:c207:3011::5"'),
  ]);
  expect(requests.map((request) => request.ip)).toEqual([
    '20.171.206.9',
    '20.171.206.9',
    '20.171.206.9',
    '20.171.206.9',
    '2001:4860:4801:10::5',
    '2600:1f28:365:8000::9',
    '2a02:c207:3011::5',
    '20.171.206.9',
    '10.0.0.5',
    '10.0.0.5',
    '10.0.0.5',
    '66.249.66.1',
    '2001:4860:4801:10::5',
  ]);
});

test('combined: an absolute request target read as its path, a request of "-", other methods, a byte order mark before the first line', () => {
  const { requests, counts } = read([
    `\uFEFF20.171.206.9 - - [24/Nov/2026:10:00:00 +0000] "GET https://example.com/docs/a?x=1 HTTP/1.1" 200 512 "-" "${GPTBOT_UA}"`,
    '198.51.100.4 - - [24/Nov/2026:10:00:01 +0000] "-" 400 0 "-" "-"',
    `::ffff:20.171.206.9 - - [24/Nov/2026:10:00:02 +0000] "HEAD /docs/b HTTP/1.1" 304 - "-" "${GPTBOT_UA}"`,
  ]);
  expect(counts).toEqual({ lines: 3, unreadable: 0, unreadableAt: [] });
  expect(requests.map((request) => [request.ip, request.method, request.path, request.status])).toEqual([
    ['20.171.206.9', 'GET', '/docs/a?x=1', 200],
    ['198.51.100.4', undefined, '-', 400],
    ['::ffff:20.171.206.9', 'HEAD', '/docs/b', 304],
  ]);
});

test('Cloudflare Logpush http_requests, with nanosecond and RFC 3339 timestamps', () => {
  const lines = [
    JSON.stringify({
      ClientIP: '203.0.113.9',
      ClientRequestHost: 'example.com',
      ClientRequestMethod: 'GET',
      ClientRequestURI: '/pricing?plan=pro',
      ClientRequestUserAgent: GPTBOT_UA,
      ClientRequestReferer: '',
      EdgeResponseStatus: 200,
      EdgeStartTimestamp: 1764064800000000000,
    }),
    JSON.stringify({
      ClientIP: '2001:db8::1',
      ClientRequestMethod: 'HEAD',
      ClientRequestURI: '/',
      ClientRequestUserAgent: 'curl/8.0',
      ClientRequestReferer: 'https://chatgpt.com/',
      EdgeResponseStatus: 301,
      EdgeStartTimestamp: '2026-11-25T10:00:00Z',
    }),
  ];
  const { format, requests } = read(lines);
  expect(format).toEqual({ name: 'cloudflare' });
  expect(requests).toEqual([
    {
      time: 1764064800000,
      ip: '203.0.113.9',
      method: 'GET',
      path: '/pricing?plan=pro',
      status: 200,
      userAgent: GPTBOT_UA,
      referer: undefined,
    },
    {
      time: Date.parse('2026-11-25T10:00:00Z'),
      ip: '2001:db8::1',
      method: 'HEAD',
      path: '/',
      status: 301,
      userAgent: 'curl/8.0',
      referer: 'https://chatgpt.com/',
    },
  ]);
});

test('Vercel log drains: the request under proxy, a batched array, a request logged twice counted once, build output holding no request', () => {
  const proxy = {
    timestamp: 1764064800000,
    method: 'GET',
    host: 'example.vercel.app',
    path: '/docs',
    userAgent: [GPTBOT_UA],
    referer: 'https://perplexity.ai/',
    statusCode: 200,
    clientIp: '198.51.100.4',
    region: 'sfo1',
    scheme: 'https',
  };
  const entry = {
    id: '1',
    deploymentId: 'dpl_1',
    source: 'lambda',
    host: 'example.vercel.app',
    timestamp: 1764064800001,
    projectId: 'p',
    level: 'info',
    message: 'hello',
    requestId: 'req-1',
    proxy,
  };
  const lines = [
    JSON.stringify(entry),
    JSON.stringify([
      { ...entry, id: '2', message: 'again' },
      { ...entry, id: '3', requestId: 'req-2', proxy: { ...proxy, path: '/', statusCode: 404 } },
    ]),
    JSON.stringify({
      id: '4',
      deploymentId: 'dpl_1',
      source: 'build',
      host: 'example.vercel.app',
      timestamp: 1764064800002,
      projectId: 'p',
      level: 'info',
      message: 'Build completed',
    }),
  ];
  const { format, requests, counts } = read(lines);
  expect(format).toEqual({ name: 'vercel' });
  expect(counts).toEqual({ lines: 3, unreadable: 0, unreadableAt: [] });
  expect(requests).toEqual([
    {
      time: 1764064800000,
      ip: '198.51.100.4',
      method: 'GET',
      path: '/docs',
      status: 200,
      userAgent: GPTBOT_UA,
      referer: 'https://perplexity.ai/',
    },
    {
      time: 1764064800000,
      ip: '198.51.100.4',
      method: 'GET',
      path: '/',
      status: 404,
      userAgent: GPTBOT_UA,
      referer: 'https://perplexity.ai/',
    },
  ]);
});

test('Fastly JSON logging (its documented field names)', () => {
  const line = JSON.stringify({
    timestamp: '2026-11-24T10:00:00+0000',
    client_ip: '192.0.2.44',
    geo_country: 'France',
    host: 'www.example.com',
    url: '/a?b=c',
    request_method: 'GET',
    request_protocol: 'HTTP/2',
    request_referer: 'https://claude.ai/',
    request_user_agent: 'Mozilla/5.0',
    response_state: 'HIT',
    response_status: 200,
    response_body_size: 10,
  });
  const { format, requests } = read([line]);
  expect(format).toEqual({ name: 'fastly' });
  expect(requests[0]).toEqual({
    time: Date.parse('2026-11-24T10:00:00Z'),
    ip: '192.0.2.44',
    method: 'GET',
    path: '/a?b=c',
    status: 200,
    userAgent: 'Mozilla/5.0',
    referer: 'https://claude.ai/',
  });
});

// The AWS documentation's example of a standard log file (tab-separated, user agent percent-encoded).
const CLOUDFRONT = [
  '#Version: 1.0',
  '#Fields: date time x-edge-location sc-bytes c-ip cs-method cs(Host) cs-uri-stem sc-status cs(Referer) cs(User-Agent) cs-uri-query cs(Cookie) x-edge-result-type x-edge-request-id x-host-header cs-protocol cs-bytes time-taken x-forwarded-for ssl-protocol ssl-cipher x-edge-response-result-type cs-protocol-version fle-status fle-encrypted-fields c-port time-to-first-byte x-edge-detailed-result-type sc-content-type sc-content-len sc-range-start sc-range-end',
  [
    '2019-12-04',
    '21:02:31',
    'LAX1',
    '392',
    '192.0.2.100',
    'GET',
    'd111111abcdef8.cloudfront.net',
    '/index.html',
    '200',
    '-',
    'Mozilla/5.0%20(Windows%20NT%2010.0;%20Win64;%20x64)%20AppleWebKit/537.36%20(KHTML,%20like%20Gecko)%20Chrome/78.0.3904.108%20Safari/537.36',
    '-',
    '-',
    'Hit',
    'SOX4xwn4XV6Q4rgb7XiVGOHms_BGlTAC4KyHmureZmBNrjGdRLiNIQ==',
    'd111111abcdef8.cloudfront.net',
    'https',
    '23',
    '0.001',
    '-',
    'TLSv1.2',
    'ECDHE-RSA-AES128-GCM-SHA256',
    'Hit',
    'HTTP/2.0',
    '-',
    '-',
    '11040',
    '0.001',
    'Hit',
    'text/html',
    '78',
    '-',
    '-',
  ].join('\t'),
  [
    '2019-12-04',
    '21:02:31',
    'LAX1',
    '392',
    '192.0.2.100',
    'GET',
    'd111111abcdef8.cloudfront.net',
    '/index.html',
    '200',
    '-',
    'Mozilla/5.0%20(compatible;%20GPTBot/1.1)',
    'utm_source=chatgpt.com',
    '-',
    'Hit',
    'k6WGMNkEzR5BEM_SaF47gjtX9zBDO2m349OY2an0QPEaUum1ZOLrow==',
    'd111111abcdef8.cloudfront.net',
    'https',
    '23',
    '0.000',
    '-',
    'TLSv1.2',
    'ECDHE-RSA-AES128-GCM-SHA256',
    'Hit',
    'HTTP/2.0',
    '-',
    '-',
    '11040',
    '0.000',
    'Hit',
    'text/html',
    '78',
    '-',
    '-',
  ].join('\t'),
];

test('CloudFront standard logs: the header read for the field names, the user agent decoded, the query kept', () => {
  const { format, requests, counts } = read(CLOUDFRONT);
  expect(format.name).toBe('cloudfront');
  expect(counts.unreadable).toBe(0);
  expect(requests[0]).toEqual({
    time: Date.parse('2019-12-04T21:02:31Z'),
    ip: '192.0.2.100',
    method: 'GET',
    path: '/index.html',
    status: 200,
    userAgent: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/78.0.3904.108 Safari/537.36',
    referer: undefined,
  });
  expect(requests[1]).toMatchObject({ path: '/index.html?utm_source=chatgpt.com', userAgent: 'Mozilla/5.0 (compatible; GPTBot/1.1)' });
});

test('a later part of a CloudFront log, past its header, is read with the fields detection found', () => {
  const detection = detectLogFormat(CLOUDFRONT);
  const requests: LogRequest[] = [];
  const counts = readLogLines(CLOUDFRONT.slice(3), (detection as { format: LogFormat }).format, (request) => requests.push(request), 4);
  expect(counts).toEqual({ lines: 1, unreadable: 0, unreadableAt: [] });
  expect(requests).toHaveLength(1);
});

test('CloudFront standard logging v2 delivered as JSON', () => {
  const line = JSON.stringify({
    date: '2026-11-24',
    time: '10:00:00',
    'x-edge-location': 'FRA56-P1',
    'c-ip': '2001:db8:1::9',
    'cs-method': 'GET',
    'cs(Host)': 'd1.cloudfront.net',
    'cs-uri-stem': '/blog',
    'sc-status': '200',
    'cs(Referer)': '-',
    'cs(User-Agent)': 'ClaudeBot/1.0',
    'cs-uri-query': 'page=2',
  });
  const { format, requests } = read([line]);
  expect(format).toEqual({ name: 'cloudfront-json' });
  expect(requests[0]).toEqual({
    time: Date.parse('2026-11-24T10:00:00Z'),
    ip: '2001:db8:1::9',
    method: 'GET',
    path: '/blog?page=2',
    status: 200,
    userAgent: 'ClaudeBot/1.0',
    referer: undefined,
  });
});

test('Application Load Balancer logs (the AWS documentation example): the client without its port, the path from the absolute target', () => {
  const line =
    'http 2018-07-02T22:23:00.186641Z app/my-loadbalancer/50dc6c495c0c9188 192.168.131.39:2817 10.0.0.1:80 0.000 0.001 0.000 200 200 34 366 "GET http://www.example.com:80/docs?x=1 HTTP/1.1" "curl/7.46.0" - - arn:aws:elasticloadbalancing:us-east-2:123456789012:targetgroup/my-targets/73e2d6bc24d8a067 "Root=1-58337262-36d228ad5d99923122bbe354" "-" "-" 0 2018-07-02T22:22:48.364000Z "forward" "-" "-" "10.0.0.1:80" "200" "-" "-"';
  const ipv6 = line
    .replace('192.168.131.39:2817', '2001:db8::5:443')
    .replace('"curl/7.46.0"', '"Mozilla/5.0 (compatible; PerplexityBot/1.0)"');
  const { format, requests } = read([line, ipv6]);
  expect(format).toEqual({ name: 'alb' });
  expect(requests[0]).toEqual({
    time: Date.parse('2018-07-02T22:23:00.186641Z'),
    ip: '192.168.131.39',
    method: 'GET',
    path: '/docs?x=1',
    status: 200,
    userAgent: 'curl/7.46.0',
  });
  expect(requests[1]).toMatchObject({ ip: '2001:db8::5', userAgent: 'Mozilla/5.0 (compatible; PerplexityBot/1.0)' });
});

test('unreadable lines inside a known format are counted with their line numbers, never fatal', () => {
  const good = '198.51.100.1 - - [24/Nov/2026:10:00:00 +0000] "GET / HTTP/1.1" 200 10 "-" "Mozilla/5.0"';
  const cutShort = '198.51.100.1 - - [24/Nov/2026:10:00:00 +0000] "GET / HTTP/1.1" 200 10 "-" "Mozilla/5.0 (Win';
  const { format, requests, counts } = read([
    good,
    'garbage that is no log line',
    '',
    good,
    '198.51.100.1 - - [99/Nov/2026:10:00:00 +0000] "GET / HTTP/1.1" 200 10 "-" "x"',
    cutShort,
  ]);
  expect(format).toEqual({ name: 'combined' });
  expect(requests).toHaveLength(2);
  expect(counts).toEqual({ lines: 5, unreadable: 3, unreadableAt: [2, 5, 6] });
});

test('a log of no known format says which first lines it could not read', () => {
  const detection = detectLogFormat([
    'Nov 24 10:00:00 host sshd[1]: Accepted publickey',
    '',
    '{"level":"info","msg":"started"}',
    'x'.repeat(500),
  ]);
  expect(detection).toEqual({
    known: false,
    unreadLines: ['Nov 24 10:00:00 host sshd[1]: Accepted publickey', '{"level":"info","msg":"started"}', 'x'.repeat(200)],
  });
});

const CHROME_UA = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const SIGNED = {
  agent: '"https://chatgpt.com"',
  input: 'sig1=("@authority" "signature-agent");created=1764064790;keyid="poqkLGiymh_W0uP6PZFw-dvez3QJT5SolqXBCW38r0U";tag="web-bot-auth"',
  signature: 'sig1=:QKN4fTdIYfh82fvoZCQiQA1weuozfCS/Led2zTMbewMMqH8PI2Wsy/5c4ao6B6D09nraNQdBNOADg8aM1MqfCg==:',
};

test("the ai-agents recipe: nginx's \\x22 and Apache's \\\" undone, the Host and the three headers read; a request without them reads as before", () => {
  const nginx = (field: string) => field.replace(/"/g, '\\x22');
  const apache = (field: string) => field.replace(/"/g, '\\"');
  const { format, requests } = read([
    `198.51.100.7 - - [25/Nov/2025:10:00:00 +0000] "GET /pricing HTTP/1.1" 200 512 "-" "${CHROME_UA}" "Shop.Example" "${nginx(SIGNED.agent)}" "${nginx(SIGNED.input)}" "${SIGNED.signature}"`,
    `198.51.100.8 - - [25/Nov/2025:10:00:01 +0000] "GET /about HTTP/1.1" 200 512 "-" "${CHROME_UA}" "shop.example" "${apache(SIGNED.agent)}" "${apache(SIGNED.input)}" "${SIGNED.signature}"`,
    `198.51.100.9 - - [25/Nov/2025:10:00:02 +0000] "GET / HTTP/1.1" 200 512 "https://chatgpt.com/" "${CHROME_UA}" "shop.example" "-" "-" "-"`,
  ]);
  expect(format).toEqual({ name: 'ai-agents' });
  expect(requests[0]).toMatchObject({ path: '/pricing', host: 'Shop.Example', signature: SIGNED });
  expect(requests[1]).toMatchObject({ path: '/about', host: 'shop.example', signature: SIGNED });
  expect(requests[2]).toEqual({
    time: Date.parse('2025-11-25T10:00:02Z'),
    ip: '198.51.100.9',
    method: 'GET',
    path: '/',
    status: 200,
    userAgent: CHROME_UA,
    referer: 'https://chatgpt.com/',
  });
});

test('signature-like fields on a line of a format without them are ignored: a combined log with fields appended stays combined', () => {
  const { format, requests } = read([
    `198.51.100.7 - - [25/Nov/2025:10:00:00 +0000] "GET /pricing HTTP/1.1" 200 512 "-" "${CHROME_UA}" "203.0.113.5" "${SIGNED.agent.replace(/"/g, '\\x22')}"`,
  ]);
  expect(format).toEqual({ name: 'combined' });
  expect(requests[0]).not.toHaveProperty('signature');
  expect(requests[0]).not.toHaveProperty('host');
});

test('JSON lines: Cloudflare Logpush RequestHeaders beside ClientRequestHost, or plain host and signature_* fields', () => {
  const cloudflare = read([
    JSON.stringify({
      ClientIP: '198.51.100.7',
      ClientRequestHost: 'shop.example',
      ClientRequestMethod: 'GET',
      ClientRequestURI: '/pricing',
      EdgeResponseStatus: 200,
      ClientRequestUserAgent: CHROME_UA,
      EdgeStartTimestamp: '2025-11-25T10:00:00Z',
      RequestHeaders: { 'signature-agent': SIGNED.agent, 'signature-input': SIGNED.input, signature: SIGNED.signature },
    }),
  ]);
  expect(cloudflare.requests[0]).toMatchObject({ host: 'shop.example', signature: SIGNED });
  const fastly = read([
    JSON.stringify({
      timestamp: '2025-11-25T10:00:00Z',
      client_ip: '198.51.100.7',
      request_method: 'GET',
      url: '/pricing',
      response_status: 200,
      request_user_agent: CHROME_UA,
      host: 'shop.example',
      signature_agent: SIGNED.agent,
      signature_input: SIGNED.input,
      signature: SIGNED.signature,
    }),
  ]);
  expect(fastly.requests[0]).toMatchObject({ host: 'shop.example', signature: SIGNED });
});
