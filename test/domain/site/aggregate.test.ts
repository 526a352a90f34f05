import { aggregateSources, citedPagesOf, extractKeywords } from '../../../domain/site/aggregate';
import type { MemoryResult } from '../../../domain/site/report';

const answer = (platform: string, text: string, citations: string[] = [], status: MemoryResult['status'] = 'known'): MemoryResult => ({
  platform,
  status,
  answer: text,
  citations,
  reputation: 'neutral',
  model: 'm',
  latencyMs: 1,
});

const memory = [
  answer(
    'ChatGPT',
    'Acme Tools (acme-tools.co.uk) is a British retailer of hand tools and power tools for trade customers. See https://acme-tools.co.uk/about.',
    ['https://acme-tools.co.uk/about?utm_source=openai', 'https://en.wikipedia.org/wiki/Hand_tool'],
  ),
  answer('Perplexity', 'Acme Tools (acme-tools.co.uk) sells hand tools and garden equipment online to trade customers.', [
    'https://www.acme-tools.co.uk/',
    'https://en.wikipedia.org/wiki/Hand_tool#History',
  ]),
  answer('Claude', "I don't have information about acme-tools.co.uk.", [], 'unknown'),
  answer('DeepSeek', '', [], 'error'),
];

test('keywords are the terms at least two knowing platforms use, without the brand and filler words', () => {
  const keywords = extractKeywords(memory, 'acme-tools.co.uk', 'Acme Tools');
  const terms = keywords.map((keyword) => keyword.keyword);
  expect(terms).toEqual(expect.arrayContaining(['hand tools', 'trade customers', 'hand', 'trade']));
  expect(terms).not.toContain('acme');
  expect(terms).not.toContain('the');
  expect(keywords.find((keyword) => keyword.keyword === 'hand tools')).toEqual({
    keyword: 'hand tools',
    count: 2,
    platforms: ['ChatGPT', 'Perplexity'],
  });
  expect(terms).not.toContain('garden');
  // The domain written in the answers is not an association.
  expect(terms.some((term) => term.includes('acme-tools') || term.endsWith(' co') || term.includes('uk'))).toBe(false);
});

test('sources merge citations and URLs in answers, tracking parameters and fragments removed, counted per platform', () => {
  const sources = aggregateSources(memory);
  expect(sources[0]).toEqual({
    url: 'https://en.wikipedia.org/wiki/Hand_tool',
    domain: 'en.wikipedia.org',
    count: 2,
    platforms: ['ChatGPT', 'Perplexity'],
  });
  expect(sources).toContainEqual({ url: 'https://acme-tools.co.uk/about', domain: 'acme-tools.co.uk', count: 1, platforms: ['ChatGPT'] });
});

test('cited pages are the sources on the site, www included', () => {
  expect(
    citedPagesOf(aggregateSources(memory), 'acme-tools.co.uk')
      .map((page) => page.url)
      .sort(),
  ).toEqual(['https://acme-tools.co.uk/', 'https://acme-tools.co.uk/about']);
});
