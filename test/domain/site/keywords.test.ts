import { extractKeywords } from '../../../domain/site/keywords';
import type { MemoryResult } from '../../../domain/site/report';

const known = (platform: string, answer: string): MemoryResult => ({
  platform,
  status: 'known',
  answer,
  citations: [],
  reputation: 'positive',
  model: 'm',
  latencyMs: 1,
});
const termsOf = (memory: MemoryResult[], domain = 'acme-tools.co.uk', brand = 'Acme Tools') =>
  extractKeywords(memory, domain, brand).map((keyword) => keyword.keyword);

// Shaped like the five platforms' real answers: ChatGPT's search preview (bold, inline links with
// utm_source), Perplexity (headings, numbered citations), Claude (prose, a list), Gemini (bold
// bullets), DeepSeek (a numbered list).
const chatgpt = known(
  'ChatGPT',
  `**Acme Tools** ([acme-tools.co.uk](https://acme-tools.co.uk/?utm_source=chatgpt.com)) is a UK retailer of hand tools and power tools, selling mainly to trade customers.

- **Range:** hand tools, power tools, workshop storage
- **Delivery:** next-day delivery across the UK ([trustpilot.com](https://uk.trustpilot.com/review/acme-tools.co.uk?utm_source=chatgpt.com))`,
);
const perplexity = known(
  'Perplexity',
  `## Overview
Acme Tools sells a hand tool range and power tools for trade customers[1][2]. Reviews praise its next-day delivery[3].

## Reputation
- Rated 4.6 on Trustpilot[3]
- Workshop storage and garden furniture[1]`,
);
const claude = known(
  'Claude',
  'I searched the web. Acme Tools (acme-tools.co.uk) is a British retailer of power tools; its trade customers value next-day delivery. Products include:\n\n1. Hand tools\n2. Workshop storage',
);
const gemini = known(
  'Gemini',
  '*   **Acme Tools** is a retailer of **hand tools** (chisels, saws) and power tools.\n*   It offers next-day delivery to trade customers.',
);
const deepseek = known(
  'DeepSeek',
  '1. Acme Tools – power tools retailer.\n2. Trade customers – main audience.\n3. Delivery – next-day delivery.',
);
const answers = [chatgpt, perplexity, claude, gemini, deepseek];

describe('keywords that mean something', () => {
  test('the terms several platforms use, phrases first', () => {
    const terms = termsOf(answers);
    expect(terms.slice(0, 3)).toEqual(expect.arrayContaining(['power tools', 'trade customers', 'next-day delivery']));
    expect(terms).toContain('hand tools');
    expect(extractKeywords(answers, 'acme-tools.co.uk', 'Acme Tools').find((keyword) => keyword.keyword === 'power tools')).toEqual({
      keyword: 'power tools',
      count: 5,
      platforms: ['ChatGPT', 'Claude', 'DeepSeek', 'Gemini', 'Perplexity'],
    });
  });

  test('several forms of one phrase count once, shown as most answers write it', () => {
    const keywords = extractKeywords(answers, 'acme-tools.co.uk', 'Acme Tools');
    const hand = keywords.filter((keyword) => /^hand tool/.test(keyword.keyword));
    // Perplexity wrote "hand tool range"; the others "hand tools".
    expect(hand).toEqual([{ keyword: 'hand tools', count: 4, platforms: ['ChatGPT', 'Claude', 'Gemini', 'Perplexity'] }]);
  });

  test('phrases never cross a sentence, clause, bracket or list-item boundary', () => {
    const terms = termsOf(answers);
    for (const crossing of [
      'tools trade',
      'customers reviews',
      'delivery range',
      'storage garden',
      'tools chisels',
      'saws power',
      'retailer trade',
      'customers main',
      'delivery workshop',
      'storage delivery',
      'tools selling',
    ]) {
      expect(terms).not.toContain(crossing);
    }
  });

  test('no site name, URL parts, citation numbers or Markdown in any term', () => {
    for (const term of termsOf(answers)) {
      expect(term).not.toMatch(/acme|utm|chatgpt\.com|https?|trustpilot\.com|\*|\[|\d/);
    }
  });

  test("phrases of filler or of the question's own words are dropped", () => {
    const simulated = (platform: string) =>
      known(
        platform,
        `You asked about acme-tools.co.uk. This answer comes from a local platform: the platform asked about Acme and its reputation. What is it? Who is it for? Acme Tools sells hand tools.`,
      );
    const terms = termsOf([simulated('A'), simulated('B')]);
    for (const noise of ['asked acme', 'answer local', 'platform asked', 'answer comes', 'reputation', 'website', 'acme'])
      expect(terms).not.toContain(noise);
    expect(terms).toContain('hand tools');
  });

  test('answers in German and French give their own terms, without their filler words', () => {
    const german = [
      known(
        'ChatGPT',
        'Acme Tools ist ein britischer Händler für Elektrowerkzeuge und Handwerkzeuge. Die Lieferung erfolgt am nächsten Tag.',
      ),
      known('Perplexity', '**Acme Tools** verkauft Elektrowerkzeuge an Handwerker[1]. Schnelle Lieferung, gute Bewertungen.'),
    ];
    const terms = termsOf(german);
    expect(terms).toEqual(expect.arrayContaining(['elektrowerkzeuge', 'lieferung']));
    for (const filler of ['ist', 'ein', 'für', 'die', 'und', 'an']) expect(terms).not.toContain(filler);

    const french = [
      known('Claude', 'Acme Tools est un détaillant britannique d’outils électriques pour les professionnels.'),
      known('Gemini', 'Acme Tools vend des outils électriques et des outils à main aux professionnels.'),
    ];
    expect(termsOf(french)).toEqual(expect.arrayContaining(['outils électriques', 'professionnels']));
  });
});
