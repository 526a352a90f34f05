import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { readTurns } from '../../../infra/platforms/anthropic-messages';
import { readResponse } from '../../../infra/platforms/gemini-generate-content';
import { readReply } from '../../../infra/platforms/openai-responses';

/**
 * One response per vendor as its documentation prints it (test/fixtures/vendors/SOURCES.md says where
 * each comes from): the adapters must read what the vendors really send, not only what our stand-ins send.
 */
// The fixtures are the vendors' JSON; the adapters' parameter types are the SDKs' own.
const fixture = <T>(name: string): T => JSON.parse(readFileSync(join(__dirname, '../../fixtures/vendors', name), 'utf8')) as T;

test("OpenAI's web search guide: the answer, the query (the deprecated `query` field), the url_citation, billed searches", () => {
  const reply = readReply(fixture('openai-responses-web-search.json'), 'gpt-5.4-mini');
  expect(reply).toMatchObject({
    text: 'On March 6, 2025, several news...',
    citations: ['https://...'],
    searched: true,
    searchQueries: ['latest news about AI'],
    usage: { inputTokens: 328, outputTokens: 356, searches: 1 },
    model: 'gpt-5.4-mini-2026-03-17',
  });
});

test("Perplexity's Agent API quickstart: the search_results item gives the queries and the sources; the vendor's own cost", () => {
  const reply = readReply(fixture('perplexity-agent.json'), 'perplexity/sonar');
  expect(reply.searched).toBe(true);
  expect(reply.searchQueries).toEqual(['latest AI developments 2026']);
  expect(reply.citations).toHaveLength(10);
  expect(reply.citations[0]).toBe('https://www.ibm.com/think/news/ai-tech-trends-predictions-2026');
  expect(reply.text).toMatch(/^Here are major \*recent\* directions in AI/);
  expect(reply).toMatchObject({
    usage: { inputTokens: 4718, outputTokens: 450, searches: 1 },
    vendorCostUsd: 0.01706,
    model: 'openai/gpt-5.6-sol',
  });
});

test("Claude's web search tool docs: narration dropped, the cited page, the query, one search (no model field in the printed body)", () => {
  const reply = readTurns([fixture('anthropic-messages-web-search.json')], 'claude-haiku-5-5');
  expect(reply).toEqual({
    text: 'Based on the search results, Claude Shannon was born on April 30, 1916, in Petoskey, Michigan',
    citations: ['https://en.wikipedia.org/wiki/Claude_Shannon'],
    found: [],
    searched: true,
    searchQueries: ['claude shannon birth date'],
    usage: { inputTokens: 6039, outputTokens: 931, searches: 1 },
    model: 'claude-haiku-5-5',
  });
});

test('DeepSeek on its Anthropic-compatible endpoint with deepseek_web_search (built from the SDK types: no documented body)', () => {
  const reply = readTurns([fixture('deepseek-messages-web-search.json')], 'deepseek-flash');
  expect(reply).toMatchObject({
    text: 'Based on the search results, DeepSeek V4.1 brings the web search and URL reading tools of DeepSeek Chat to the API.',
    citations: ['https://api-docs.deepseek.com/news/news260601'],
    searched: true,
    searchQueries: ['DeepSeek V4.1 updates'],
    usage: { inputTokens: 2410, outputTokens: 96, searches: 1 },
  });
});

test("Gemini's grounding docs: the queries it ran, the grounding chunks with the source's domain as title, no usage printed", () => {
  const reply = readResponse(fixture('gemini-generate-content-grounded.json'), 'gemini-3.5-flash-lite');
  expect(reply).toEqual({
    text: "Spain won Euro 2024, defeating England 2-1 in the final. This victory marks Spain's record fourth European Championship title.",
    sources: [
      { url: 'https://vertexaisearch.cloud.google.com.....', title: 'aljazeera.com' },
      { url: 'https://vertexaisearch.cloud.google.com.....', title: 'uefa.com' },
    ],
    unsupported: [],
    searched: true,
    searchQueries: ['UEFA Euro 2024 winner', 'who won euro 2024'],
    usage: { inputTokens: 0, outputTokens: 0, searches: 2 },
    model: 'gemini-3.5-flash-lite',
  });
});

test('cited is what the vendor marks as cited; what a search only found is kept apart', () => {
  // Gemini: a grounding chunk that no grounding support cites was found, not cited.
  const grounded = fixture<{
    candidates: { groundingMetadata: { groundingChunks: unknown[]; groundingSupports: { groundingChunkIndices: number[] }[] } }[];
  }>('gemini-generate-content-grounded.json');
  const metadata = grounded.candidates[0]!.groundingMetadata;
  metadata.groundingSupports = metadata.groundingSupports.map((support) => ({
    ...support,
    groundingChunkIndices: support.groundingChunkIndices.filter((index) => index === 0),
  }));
  const gemini = readResponse(grounded as never, 'gemini-3.5-flash-lite');
  expect(gemini.sources.map((source) => source.title)).toEqual(['aljazeera.com']);
  expect(gemini.unsupported.map((source) => source.title)).toEqual(['uefa.com']);

  // OpenAI: the pages a search read, without a url_citation, are found, not cited.
  const web = fixture<{ output: { type: string; content?: { annotations: unknown[] }[]; action?: Record<string, unknown> }[] }>(
    'openai-responses-web-search.json',
  );
  for (const item of web.output) {
    if (item.type === 'message') for (const part of item.content ?? []) part.annotations = [];
    if (item.type === 'web_search_call') item.action = { ...item.action, sources: [{ type: 'url', url: 'https://read.example/page' }] };
  }
  const openai = readReply(web as never, 'gpt-5.4-mini');
  expect(openai.citations).toEqual([]);
  expect(openai.found).toEqual(['https://read.example/page']);
});
