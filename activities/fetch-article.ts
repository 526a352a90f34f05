import { ApplicationFailure } from '@temporalio/common';
import type { ArticleFacts } from '../domain/article/compose';
import { extractArticle, MIN_ARTICLE_WORDS } from '../domain/article/extract';
import { keyPoints } from '../domain/article/key-points';
import { FAILURE } from '../contract/failures';
import { firstHeader, looksLikeHtml } from '../domain/shared/http-response';
import type { CheckTarget } from '../domain/shared/target';
import type { SiteAccess } from './support/site-access';
import { fetchCheckedPage, unreachableFailure } from './support/site-failures';

/** Whatever people type before the address: a missing scheme means https. */
export function articleAddress(input: string): string {
  const text = input.trim();
  return /^https?:\/\//i.test(text) ? text : `https://${text}`;
}

const noArticle = (message: string) => ApplicationFailure.create({ type: FAILURE.noArticle, nonRetryable: true, message });

/**
 * Fetches the article through the one site fetcher (its address rules, size cap, User-Agent and a
 * request budget of its own), extracts its text and picks its key points. A page that holds no
 * article is refused with the reason; a site that does not answer is retried once, as the home page is.
 */
export function createFetchArticle(site: SiteAccess) {
  return async function fetchArticle({ url, target }: { url: string; target: CheckTarget }): Promise<ArticleFacts> {
    const address = articleAddress(url);
    const fetcher = site.fetcherFor('article');
    const fetched = await fetchCheckedPage(fetcher, address, target.host);
    if ('reason' in fetched) throw unreachableFailure(address, fetched.reason);
    const { response } = fetched;
    if (response.status >= 400) throw noArticle(`${address} answered ${response.status}: there is no article at this address`);
    const contentType = firstHeader(response.headers['content-type']);
    if (!looksLikeHtml(contentType, response.body.subarray(0, 200).toString())) {
      throw noArticle(`${address} is ${contentType ? `a ${contentType.split(';')[0]} file` : 'not a web page'}, not an HTML article`);
    }
    const article = extractArticle({ html: response.body.toString('utf8'), url: response.url });
    if (!article || article.wordCount < MIN_ARTICLE_WORDS) {
      const found = article ? `${article.wordCount} words` : 'no readable text';
      throw noArticle(
        `No article text was found at ${address} (${found}; at least ${MIN_ARTICLE_WORDS} words are needed). Pages that show their text only with JavaScript cannot be read.`,
      );
    }
    return {
      url: address,
      finalUrl: response.url,
      ...(article.canonicalUrl ? { canonicalUrl: article.canonicalUrl } : {}),
      domain: target.domain,
      title: article.title,
      ...(article.language ? { language: article.language } : {}),
      wordCount: article.wordCount,
      ...(article.publishedAt ? { publishedAt: article.publishedAt } : {}),
      headings: article.headings,
      keyPoints: keyPoints(article.blocks, article.language, { headings: article.headings }),
    };
  };
}
