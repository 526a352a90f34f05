import { URL_IN_TEXT, urlsWrittenIn } from '../../../domain/shared/urls-in-text';

test('a URL in a sentence ends before the full stop, the closing bracket, the quote', () => {
  expect(
    urlsWrittenIn('See https://acme.com/a. Also (https://acme.com/b) and "http://acme.com/c" or <https://acme.com/d>; www.acme.com/e!'),
  ).toEqual(['https://acme.com/a', 'https://acme.com/b', 'http://acme.com/c', 'https://acme.com/d', 'www.acme.com/e']);
});

test("a bold URL's stars are Markdown, not the URL's", () => {
  expect(urlsWrittenIn('Source: **https://acme.com/b**, and *www.acme.com*.')).toEqual(['https://acme.com/b', 'www.acme.com']);
});

test('a URL right after Chinese text is found; "www." inside a word is not a URL', () => {
  expect(urlsWrittenIn('详见https://acme.cn/页面 以及 awww.acme.com')).toEqual(['https://acme.cn/页面']);
});

test('URL_IN_TEXT blanks the URLs of a text with as many spaces, trailing punctuation included, so offsets stay', () => {
  const text = 'Acme (https://acme.com) beats www.rival.com. Acme wins';
  const blanked = text.replace(URL_IN_TEXT, (url) => ' '.repeat(url.length));
  expect(blanked).toBe(`Acme (${' '.repeat(16)}) beats ${' '.repeat(14)} Acme wins`);
  expect(blanked.lastIndexOf('Acme')).toBe(text.lastIndexOf('Acme'));
});
