import { brandFromDomain } from '../../../domain/shared/brand-name';

describe('brandFromDomain: the name left of the public suffix, from the Public Suffix List', () => {
  test.each([
    ['shop.acme-tools.co.uk', 'Acme Tools'],
    ['shop.example.co.uk', 'Example'],
    ['example.com.au', 'Example'],
    ['www.Example.COM.', 'Example'],
    ['acme_widgets.com', 'Acme Widgets'],
    ['news.bbc.co.uk', 'Bbc'],
    ['mercadolibre.com.ar', 'Mercadolibre'],
    // Private suffixes count: a user's site on a shared host is the user's.
    ['user.github.io', 'User'],
    ['myblog.blogspot.com', 'Myblog'],
    ['city.kawasaki.jp', 'City'],
    // Punycode is shown as people read it.
    ['xn--bcher-kva.de', 'Bücher'],
    ['xn--fsqu00a.xn--fiqs8s', '例子'],
    ['www.com', 'Www'],
    ['localhost', 'Localhost'],
    ['', ''],
  ])('%j → %j', (domain, brand) => {
    expect(brandFromDomain(domain)).toBe(brand);
  });

  test('a malformed punycode label is returned as it is', () => {
    expect(brandFromDomain('xn--a€.com')).toBe('xn--a€');
  });
});
