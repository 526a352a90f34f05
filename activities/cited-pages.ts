import * as cheerio from 'cheerio';
import type { CitedPage } from '../domain/site/report';
import { SiteFetchError } from '../infra/site-fetcher';
import { mapWithConcurrency } from '../domain/shared/concurrency';
import type { SiteAccess } from './support/site-access';
import { truncate } from '../domain/shared/text';
import { REDIRECTS, TITLED_PAGES } from '../domain/site/request-budget';

/** The site's pages the platforms cited, with their titles fetched politely. */
export function createTitleCitedPages(site: SiteAccess) {
  return async function titleCitedPages(
    pages: { url: string; count: number; platforms: string[] }[],
  ): Promise<{ citedPages: CitedPage[]; requests: number }> {
    const fetcher = site.fetcherFor('citedPages');
    const citedPages = await mapWithConcurrency(pages, 2, async (page, index): Promise<CitedPage> => {
      if (index >= TITLED_PAGES) return { ...page, title: '' };
      try {
        const response = await fetcher.fetch(page.url, { maxBytes: 128 * 1024, maxRedirects: REDIRECTS.resource });
        const title = cheerio.load(response.body.toString('utf8'))('title').first().text().replace(/\s+/g, ' ').trim();
        return { ...page, title: truncate(title, 300) };
      } catch (error) {
        if (!(error instanceof SiteFetchError)) throw error;
        return { ...page, title: '' };
      }
    });
    return { citedPages, requests: fetcher.requestsMade };
  };
}
