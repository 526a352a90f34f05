import { ARTICLE_FACTS, ARTICLE_URL } from './fixture-sites';
import { ASSISTANTS } from '../domain/shared/platforms';
import type { VendorStandIns } from './vendor-stand-ins';

/**
 * How the stand-in platforms answer questions about the fixture article: ChatGPT uses its facts and
 * cites it with a tracking parameter, Perplexity cites it as www.…/ with a trailing slash, Gemini
 * repeats its facts without citing anything, Claude answers from elsewhere, DeepSeek's key is refused.
 */
const facts = ARTICLE_FACTS.join(' ');

export function answerArticleQuestions(platforms: VendorStandIns, delayMs = 0): void {
  platforms.setBehaviour('chatgpt', {
    answer: `Here is how to do it. ${facts}`,
    citations: [`${ARTICLE_URL}?utm_source=chatgpt.com`],
    delayMs,
  });
  platforms.setBehaviour('perplexity', {
    answer: `According to gardening guides: ${ARTICLE_FACTS.slice(0, 4).join(' ')} [1]`,
    citations: [`${ARTICLE_URL.replace('https://', 'https://www.')}/`, 'https://extension.example.edu/vegetables'],
    delayMs,
  });
  platforms.setBehaviour('gemini', { answer: `Some practical advice. ${facts}`, delayMs });
  platforms.setBehaviour('claude', {
    answer: 'Start small, choose a spot near a water tap, and ask a local nursery which varieties suit your climate.',
    citations: ['https://nursery.example/advice'],
    delayMs,
  });
  platforms.setBehaviour('deepseek', { failure: { kind: 'unauthorized' }, delayMs });
}

/** Every platform repeats the article's facts; none cites it. */
export function useArticleWithoutCredit(platforms: VendorStandIns): void {
  for (const platform of ASSISTANTS) {
    platforms.setBehaviour(platform.id, { answer: `Good question. ${facts}`, citations: ['https://other-garden-site.example/tips'] });
  }
}
