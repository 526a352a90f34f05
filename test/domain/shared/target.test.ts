import { InvalidTargetError, normaliseTarget } from '../../../domain/shared/target';

describe('normaliseTarget', () => {
  test.each([
    ['example.com', 'example.com', 'example.com', 'Example'],
    ['  Example.COM  ', 'example.com', 'example.com', 'Example'],
    ['https://www.example.com/path?q=1#x', 'example.com', 'www.example.com', 'Example'],
    ['http://shop.example.co.uk:8443/', 'shop.example.co.uk', 'shop.example.co.uk', 'Example'],
    ['example.com.', 'example.com', 'example.com', 'Example'],
    ['bücher.de', 'xn--bcher-kva.de', 'xn--bcher-kva.de', 'Bücher'],
    ['https://例子.中国', 'xn--fsqu00a.xn--fiqs8s', 'xn--fsqu00a.xn--fiqs8s', '例子'],
    ['www.com', 'www.com', 'www.com', 'Www'],
    ['user.github.io', 'user.github.io', 'user.github.io', 'User'],
  ])('%s → domain %s, host %s, brand %s', (input, domain, host, brand) => {
    expect(normaliseTarget(input)).toEqual({ domain, host, brand });
  });

  test.each([
    ['', 'malformed', /empty/],
    ['   ', 'malformed', /empty/],
    ['ftp://example.com', 'malformed', /only http and https/],
    ['javascript://alert(1)', 'malformed', /only http and https/],
    ['http://exa mple.com', 'malformed', /not a domain name or URL/],
    ['x'.repeat(3000), 'malformed', /longer than/],
    ['127.0.0.1', 'not-public', /IP address/],
    ['http://[::1]/', 'not-public', /IP address/],
    ['http://2130706433/', 'not-public', /IP address/],
    ['localhost', 'not-public', /this machine/],
    ['api.localhost', 'not-public', /this machine/],
    ['intranet', 'not-public', /no top-level domain/],
    ['-bad-.com', 'not-public', /not a valid domain name/],
    ['example.c0m', 'not-public', /valid top-level domain/],
    ['example.123', 'malformed', /not a domain name or URL/],
    ['printer.local', 'not-public', /reserved name \.local/],
    ['good.example', 'not-public', /reserved name \.example/],
    ['db.internal', 'not-public', /reserved name \.internal/],
  ])('%j is refused as %s', (input, problem, message) => {
    let error: unknown;
    try {
      normaliseTarget(input);
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(InvalidTargetError);
    expect(error).toMatchObject({ problem });
    expect((error as Error).message).toMatch(message);
  });

  test('hosts of FETCH_ORIGIN_OVERRIDES pass under reserved names, and only those', () => {
    const allowedHosts = new Set(['good.example']);
    expect(normaliseTarget('https://good.example/', { allowedHosts })).toEqual({
      domain: 'good.example',
      host: 'good.example',
      brand: 'Good',
    });
    expect(() => normaliseTarget('bad.example', { allowedHosts })).toThrow(InvalidTargetError);
  });
});
