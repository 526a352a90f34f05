import { countWords, extractArticle } from '../../../domain/article/extract';

const page = (body: string, head = '') => `<!doctype html><html lang="de"><head>${head}</head><body>${body}</body></html>`;
const paragraph = (sentence: string, times: number) => `<p>${Array.from({ length: times }, () => sentence).join(' ')}</p>`;

test('the main text only: navigation, header, footer, cookie banner and comments are left out', () => {
  const article = extractArticle({
    url: 'https://news.example/a',
    html: page(
      `<div id="cookie-consent">Wir verwenden Cookies. Alle akzeptieren</div><header><nav><a href="/">Start</a><a href="/politik">Politik</a></nav></header>
<article><h1>Der Titel</h1>${paragraph('Die Stadt baut bis 2030 drei neue Brücken über den Fluss.', 12)}<h2>Kosten</h2>${paragraph('Das Projekt kostet 120 Millionen Euro.', 10)}</article>
<aside class="comments"><p>Toller Artikel!</p></aside><footer>Impressum · Datenschutz · © 2026 Zeitung</footer>`,
      '<title>Der Titel – Die Zeitung</title><link rel="canonical" href="/artikel/bruecken"><script type="application/ld+json">{"@context":"https://schema.org","@graph":[{"@type":"NewsArticle","datePublished":"2026-05-04T08:00:00+02:00"}]}</script>',
    ),
  })!;
  expect(article.title).toBe('Der Titel');
  expect(article.headings).toEqual(['Kosten']);
  expect(article.language).toBe('de');
  expect(article.canonicalUrl).toBe('https://news.example/artikel/bruecken');
  expect(article.publishedAt).toBe('2026-05-04T06:00:00.000Z');
  const text = article.blocks.join(' ');
  expect(text).toMatch(/drei neue Brücken/);
  expect(text).not.toMatch(/Cookies|Impressum|Politik|Toller Artikel/);
  expect(article.wordCount).toBe(12 * 11 + 1 + 10 * 6);
});

test('a page with no article (an app shell) gives no article text', () => {
  const article = extractArticle({
    url: 'https://app.example/',
    html: page('<div id="root"></div><script src="/main.js"></script>', '<title>App</title>'),
  });
  expect(article?.wordCount ?? 0).toBeLessThan(150);
});

test('words in spaced scripts, characters in Chinese, Japanese and Korean', () => {
  expect(countWords("It's a well-known 2026 fact.")).toBe(5);
  expect(countWords('项目管理软件 is software')).toBe(8);
});
