import { startsLikeHtml } from '../../../domain/shared/http-response';
import { escapeRegExp, truncate } from '../../../domain/shared/text';

// A lone half of a surrogate pair: what a broken character looks like in a JavaScript string.
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

describe('truncate', () => {
  test('short text stays as it is', () => {
    expect(truncate('Acme', 4)).toBe('Acme');
  });
  test('long text is cut to the limit, ellipsis included', () => {
    expect(truncate('Acme Widgets', 5)).toBe('Acme…');
  });
  test('never splits a surrogate pair: an emoji at the cut goes whole', () => {
    const cut = truncate('ab😀cd', 4); // the limit falls between the halves of 😀
    expect(cut).toBe('ab…');
    expect(cut).not.toMatch(LONE_SURROGATE);
  });
  test.each([1, 2, 3, 4, 5, 6, 7])('every limit gives well-formed text (%i)', (max) => {
    const cut = truncate('😀😀😀😀 🇬🇧', max);
    expect(cut.length).toBeLessThanOrEqual(max);
    expect(cut).not.toMatch(LONE_SURROGATE);
  });
});

describe('startsLikeHtml: the one HTML sniffer', () => {
  test.each([
    ['<!DOCTYPE html><html>', true],
    ['\n  <html lang="en">', true],
    ['<!-- generated --><html>', true],
    ['<head><title>x</title>', true],
    ['# Acme\n\n> Anvils', false],
    ['<div>Markdown may open with markup</div>', false],
    ['<?xml version="1.0"?><urlset>', false],
  ])('%j → %s', (body, expected) => {
    expect(startsLikeHtml(body)).toBe(expected);
  });
});

test('escapeRegExp: a name with pattern characters matches itself only', () => {
  for (const name of ['Google-Extended', 'a.b', 'C++ (beta)', '[x]*?$^|{}\\']) {
    const pattern = new RegExp(`^${escapeRegExp(name)}$`, 'u');
    expect(pattern.test(name)).toBe(true);
    expect(pattern.test(`${name}x`)).toBe(false);
  }
  expect(new RegExp(escapeRegExp('a.b')).test('axb')).toBe(false);
});
