import type { GenerateContentResponse } from '@google/genai' with { 'resolution-mode': 'import' };
import { z } from 'zod';
import type { PlatformDialect } from '../../domain/shared/platforms';
import type { JsonSchema } from '../../domain/shared/structured-output';
import { uniqueUrls } from './citations';
import { httpFailure, type VendorFailure } from './http-failure';
import { withLocation } from '../../domain/shared/language/location-sentence';
import { MAX_OUTPUT_TOKENS, SEARCH_INSTRUCTION, type PlatformRequest, type ProtocolReply } from './protocol';
import { networkFailure } from './transport-failure';

type GeminiDialect = Extract<PlatformDialect, { protocol: 'gemini-generate-content' }>;

/** The version @google/genai speaks by default; grounding with google_search is served there. */
const API_VERSION = 'v1beta';

/**
 * Gemini's native generateContent (the OpenAI-compatible route cannot ground an answer), with the
 * google_search tool, in the REST shape Google documents. Plain fetch, with @google/genai's types:
 * the SDK ships ESM types only and drops the response headers from its errors, so it adds nothing here.
 * Citations are grounding redirect links; the ask activity resolves them. Gemini has no switch that
 * forces a search, so the instruction asks for one.
 */
export async function askGeminiGenerateContent(request: PlatformRequest<GeminiDialect>): Promise<ProtocolReply> {
  const url = `${request.baseUrl}/${API_VERSION}/models/${encodeURIComponent(request.model)}:generateContent`;
  let response: Response;
  let text: string;
  try {
    response = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-goog-api-key': request.apiKey },
      body: JSON.stringify(requestBody(request)),
      signal: request.signal,
    });
    text = await response.text();
  } catch (error) {
    // A caller's abort or the deadline is requestAnswer's to report.
    if (request.signal.aborted) throw error;
    throw networkFailure(request, error);
  }
  if (!response.ok) throw httpFailure(request, vendorFailure(response.status, response.headers, text));
  const { sources, unsupported, ...reply } = readResponse(JSON.parse(text) as GenerateContentResponse, request.model);
  // Found pages are named by the domain Gemini gives each (no redirect is read for a page the answer does not cite).
  const applied = request.market && !request.output ? { marketAppliedAs: 'prompt' as const } : {};
  return {
    ...reply,
    citations: await resolveGroundingLinks(sources, request.resolveRedirect),
    found: uniqueUrls(unsupported.map(({ title }) => domainUrl(title))),
    ...applied,
  };
}

function requestBody({ question, webSearch, output, market }: PlatformRequest<GeminiDialect>): Record<string, unknown> {
  const structured = output ? { responseMimeType: 'application/json', responseSchema: responseSchema(output.schema) } : {};
  // Google Search grounding takes no location (references/peers-5.md §1a): the question says where the person asks from.
  const text = output ? question : withLocation(question, market);
  return {
    contents: [{ role: 'user', parts: [{ text }] }],
    generationConfig: { maxOutputTokens: MAX_OUTPUT_TOKENS, ...structured },
    // Field names as in the API reference (lowerCamel, as @google/genai sends them); the tool as the grounding guide names it.
    ...(webSearch ? { tools: [{ google_search: {} }], systemInstruction: { parts: [{ text: SEARCH_INSTRUCTION }] } } : {}),
  };
}

/**
 * A JSON schema as Gemini's `responseSchema` takes it (its Schema object, an OpenAPI subset): the
 * Type enum's names, properties in the order given (`propertyOrdering`), and no `additionalProperties`,
 * which it does not know (Gemini never adds properties a schema does not name).
 */
function responseSchema(schema: JsonSchema): Record<string, unknown> {
  const described = schema.description ? { description: schema.description } : {};
  switch (schema.type) {
    case 'object':
      return {
        type: 'OBJECT',
        ...described,
        properties: Object.fromEntries(Object.entries(schema.properties).map(([name, property]) => [name, responseSchema(property)])),
        required: schema.required,
        propertyOrdering: Object.keys(schema.properties),
      };
    case 'array':
      return { type: 'ARRAY', ...described, items: responseSchema(schema.items) };
    case 'string':
      // Gemini's Schema takes `enum` on a STRING with format "enum" (its Schema reference).
      return { type: 'STRING', ...described, ...(schema.enum ? { format: 'enum', enum: schema.enum } : {}) };
    default:
      return { type: schema.type.toUpperCase(), ...described };
  }
}

/** A reply whose sources are still grounding links, with the domain Gemini gives each as its title. */
export interface GroundedReply extends Omit<ProtocolReply, 'citations' | 'found'> {
  /** The grounding chunks the answer's grounding supports cite. */
  sources: { url: string; title?: string }[];
  /** The chunks the search found that no support cites. */
  unsupported: { url: string; title?: string }[];
}

/** Exported for the fixture tests: a documented reply must read the same as a live one. */
export function readResponse(response: GenerateContentResponse, requestedModel: string): GroundedReply {
  const candidate = response.candidates?.[0];
  const grounding = candidate?.groundingMetadata;
  const chunks = (grounding?.groundingChunks ?? []).map((chunk) =>
    chunk.web?.uri ? { url: chunk.web.uri, title: chunk.web.title } : undefined,
  );
  const supported = new Set((grounding?.groundingSupports ?? []).flatMap((support) => support.groundingChunkIndices ?? []));
  const web = (keep: (index: number) => boolean) => chunks.flatMap((chunk, index) => (chunk && keep(index) ? [chunk] : []));
  const queries = grounding?.webSearchQueries ?? [];
  const usage = response.usageMetadata;
  // Thought summaries are parts too; only the answer's own text counts.
  const text = (candidate?.content?.parts ?? []).flatMap((part) => (part.text && !part.thought ? [part.text] : [])).join('');
  return {
    text,
    sources: web((index) => supported.has(index)),
    unsupported: web((index) => !supported.has(index)),
    searched: queries.length > 0 || chunks.some(Boolean),
    searchQueries: [...new Set(queries)],
    usage: {
      inputTokens: (usage?.promptTokenCount ?? 0) + (usage?.toolUsePromptTokenCount ?? 0),
      outputTokens: (usage?.candidatesTokenCount ?? 0) + (usage?.thoughtsTokenCount ?? 0),
      // Gemini 3 bills grounding per search query it ran.
      searches: queries.length,
    },
    model: response.modelVersion || requestedModel,
  };
}

const GROUNDING_REDIRECT = /^https:\/\/vertexaisearch\.cloud\.google\.com\/grounding-api-redirect\//;

/**
 * Gemini cites through redirect links that expire; each is read once (Location, not followed). One
 * that cannot be read keeps the source's domain, which Gemini gives as the chunk's title.
 */
async function resolveGroundingLinks(
  chunks: readonly { url: string; title?: string }[],
  resolveRedirect: PlatformRequest['resolveRedirect'],
): Promise<string[]> {
  const resolved = await Promise.all(
    chunks.map(async ({ url, title }) => {
      if (!GROUNDING_REDIRECT.test(url)) return url;
      const target = await resolveRedirect(url);
      if (target) return target;
      return domainUrl(title);
    }),
  );
  return uniqueUrls(resolved);
}

const DOMAIN = /^(?=.{1,253}$)([a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/i;

/** The site a grounding chunk's title names (Gemini gives the source's domain as its title). */
const domainUrl = (title: string | undefined) => (title && DOMAIN.test(title) ? `https://${title.toLowerCase()}/` : undefined);

/** Google's error body, google.rpc.Status: { error: { code, message, status, details } }. */
const rpcErrorSchema = z.object({
  error: z.object({
    message: z.string().optional(),
    status: z.string().optional(),
    details: z
      .array(z.looseObject({ '@type': z.string().optional(), retryDelay: z.string().optional(), reason: z.string().optional() }))
      .optional(),
  }),
});

/** Gemini sends no Retry-After: the wait it asks for is RetryInfo.retryDelay in the body. */
function vendorFailure(status: number, headers: Headers, text: string): VendorFailure {
  const body = rpcError(text);
  const retryInfo = body?.details?.find((detail) => detail['@type']?.endsWith('google.rpc.RetryInfo'));
  const reasons = (body?.details ?? []).map((detail) => detail.reason);
  return { status, headers, message: body?.message ?? text, codes: [body?.status, ...reasons], retryDelay: retryInfo?.retryDelay };
}

function rpcError(text: string): z.infer<typeof rpcErrorSchema>['error'] | undefined {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return undefined;
  }
  // The OpenAI-compatible route answers with an array of errors; the native one with an object.
  const result = rpcErrorSchema.safeParse(Array.isArray(parsed) ? parsed[0] : parsed);
  return result.success ? result.data.error : undefined;
}
