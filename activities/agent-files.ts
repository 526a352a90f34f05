import { firstHeader, looksLikeHtml } from '../domain/shared/http-response';
import { analyseLlmsTxt } from '../domain/site/llms-txt';
import { isMarkdownAnswer } from '../domain/site/markdown-negotiation';
import type { AgentFile, AgentFilesResult, MarkdownNegotiation } from '../domain/site/stage-results';
import { SiteFetchError, type SiteFetcher } from '../infra/site-fetcher';
import { mapWithConcurrency } from '../domain/shared/concurrency';
import { AGENT_FILE_PATHS, REDIRECTS } from '../domain/site/request-budget';
import type { SiteAccess } from './support/site-access';

const LLMS_MAX_BYTES = 1_000_000;
const OTHER_MAX_BYTES = 64 * 1024;

export function createProbeAgentFiles(site: SiteAccess) {
  return async function probeAgentFiles(homeUrl: string): Promise<AgentFilesResult> {
    const fetcher = site.fetcherFor('agentFiles');
    const texts = new Map<string, { text: string; contentType?: string }>();
    const files = await mapWithConcurrency(AGENT_FILE_PATHS, 3, async (path): Promise<AgentFile> => {
      const url = new URL(path, homeUrl).toString();
      // llms files served as HTML count as present: their analysis then says what is wrong.
      const isLlmsFile = path.includes('llms');
      try {
        const response = await fetcher.fetch(url, {
          maxBytes: isLlmsFile ? LLMS_MAX_BYTES : OTHER_MAX_BYTES,
          maxRedirects: REDIRECTS.resource,
          accept: 'text/markdown,text/plain,application/json,*/*;q=0.5',
        });
        const contentType = firstHeader(response.headers['content-type']);
        const text = response.body.toString('utf8');
        // A soft 404: the site answers every path with its HTML app shell.
        const htmlInstead = looksLikeHtml(contentType, text);
        const present = response.status >= 200 && response.status < 300 && response.bytes > 0 && (isLlmsFile || !htmlInstead);
        if (present) texts.set(path, { text, contentType });
        return { path, url: response.url, status: response.status, present, contentType, bytes: response.bytes };
      } catch (error) {
        if (!(error instanceof SiteFetchError)) throw error;
        return { path, url, status: null, present: false, bytes: 0 };
      }
    });

    const llmsPath = texts.has('/llms.txt') ? '/llms.txt' : texts.has('/.well-known/llms.txt') ? '/.well-known/llms.txt' : undefined;
    const llms = llmsPath ? texts.get(llmsPath) : undefined;
    const analysis = llms && analyseLlmsTxt(llms.text, { contentType: llms.contentType ?? null, siteOrigin: new URL(homeUrl).origin });
    return {
      files,
      markdown: await askForMarkdown(fetcher, homeUrl),
      llmsTxt: analysis && {
        url: new URL(llmsPath!, homeUrl).toString(),
        valid: analysis.valid,
        title: analysis.title,
        summary: analysis.summary,
        sectionCount: analysis.sections.length,
        linkCount: analysis.linkCount,
        problems: analysis.problems.slice(0, 10),
      },
      requests: fetcher.requestsMade,
    };
  };
}

/** The home page asked for as Markdown, as AI agents ask for it: one more request to the site, within the stage's budget. */
async function askForMarkdown(fetcher: SiteFetcher, homeUrl: string): Promise<MarkdownNegotiation> {
  try {
    const response = await fetcher.fetch(homeUrl, { maxBytes: OTHER_MAX_BYTES, maxRedirects: REDIRECTS.resource, accept: 'text/markdown' });
    const contentType = firstHeader(response.headers['content-type']);
    const tokens = Number(firstHeader(response.headers['x-markdown-tokens']));
    return {
      url: response.url,
      status: response.status,
      contentType,
      markdown: isMarkdownAnswer(response.status, contentType, response.body.toString('utf8')),
      bytes: response.bytes,
      ...(Number.isInteger(tokens) && tokens > 0 ? { tokens } : {}),
    };
  } catch (error) {
    if (!(error instanceof SiteFetchError)) throw error;
    return { url: homeUrl, status: null, markdown: false, bytes: 0 };
  }
}
