import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Agent, setGlobalDispatcher } from 'undici';
import { claudeHandler } from './claude';
import { deepseekHandler } from './deepseek';
import { FAILURES_BY_PLATFORM, resolveTurn, waitUnlessClosed, type Exchange, type VendorContext } from './exchange';
import { geminiHandler, REDIRECT_HOST } from './gemini';
import { openaiHandler } from './openai';
import { perplexityHandler } from './perplexity';
import type { StandInBehaviour, StandInPlatform, StandInRequest, VendorStandIns } from './types';
import type { SurfaceId } from '../../domain/shared/surface-ids';
import { dataForSeoHandler } from './dataforseo';
import { serpApiHandler, type SerpApiState } from './serpapi';
import { SURFACE_FAILURES, type StandInProvider, type SurfaceBehaviour, type SurfaceContext, type SurfaceFailure } from './surface-types';
import type { DemandBehaviour } from './demand-types';

export type { StandInBehaviour, StandInFailure, StandInPlatform, StandInRequest, VendorStandIns } from './types';
export type { StandInProvider, SurfaceBehaviour, SurfaceFailure } from './surface-types';
export type { DemandBehaviour } from './demand-types';

/**
 * One loopback HTTP server that plays the five vendors' APIs under path prefixes, written from the
 * vendors' SDK types and documentation (see each vendor's file) and as strict as they are:
 *
 * | platform   | base URL (env)                                   | serves                                              |
 * |------------|--------------------------------------------------|-----------------------------------------------------|
 * | chatgpt    | OPENAI_BASE_URL=<origin>/openai/v1               | POST /responses, POST /chat/completions, GET /models |
 * | claude     | ANTHROPIC_BASE_URL=<origin>/anthropic            | POST /v1/messages, GET /v1/models                    |
 * | gemini     | GEMINI_BASE_URL=<origin>/gemini                  | POST /{v1,v1beta}/models/{m}:generateContent, GET /{v}/models, POST /v1beta/openai/chat/completions |
 * | perplexity | PERPLEXITY_BASE_URL=<origin>/perplexity          | POST /v1/agent, POST /v1/responses, GET /v1/models; /chat/completions refused |
 * | deepseek   | DEEPSEEK_BASE_URL=<origin>/deepseek/anthropic    | POST /anthropic/v1/messages; GET /models (at <origin>/deepseek/models) |
 *
 *
 * The search surfaces' SERP-API providers too (serpapi.ts, dataforseo.ts), configured only by
 * surfaceEnv(): SERPAPI_BASE_URL=<origin>/serpapi (GET /search.json) and
 * DATAFORSEO_BASE_URL=<origin>/dataforseo (POST /v3/…/live/advanced).
 *
 * Gemini's grounding links (https://vertexaisearch.cloud.google.com/grounding-api-redirect/…) are served
 * too, by Host header: route that host here with fetchOverrides().
 */
const PREFIXES: [StandInPlatform, string, string][] = [
  ['chatgpt', '/openai', 'OPENAI'],
  ['claude', '/anthropic', 'ANTHROPIC'],
  ['gemini', '/gemini', 'GEMINI'],
  ['perplexity', '/perplexity', 'PERPLEXITY'],
  ['deepseek', '/deepseek', 'DEEPSEEK'],
];
const SURFACE_PREFIXES: [StandInProvider, string][] = [
  ['serpapi', '/serpapi'],
  ['dataforseo', '/dataforseo'],
];
const BASE_PATHS: Record<StandInPlatform, string> = {
  chatgpt: '/openai/v1',
  claude: '/anthropic',
  gemini: '/gemini',
  perplexity: '/perplexity',
  deepseek: '/deepseek/anthropic',
};

export async function startVendorStandIns(): Promise<VendorStandIns> {
  // @google/genai dispatches through undici's global dispatcher, which Jest's sandbox realm does not set up
  // by itself ("Undici globalDispatcher is not available"); production Node has one.
  if (!(globalThis as Record<symbol, unknown>)[Symbol.for('undici.globalDispatcher.1')]) setGlobalDispatcher(new Agent());
  const requests: StandInRequest[] = [];
  const peakInFlight = new Map<StandInPlatform, number>();
  const inFlight = new Map<StandInPlatform, number>();
  const behaviours = new Map<StandInPlatform, { behaviour: StandInBehaviour; failures: number }>();
  const retired = new Map<StandInPlatform, Set<string>>();
  const keys = Object.fromEntries(PREFIXES.map(([platform]) => [platform, `standin-${platform}-key-0123456789abcdef`])) as Record<
    StandInPlatform,
    string
  >;

  const context = (platform: StandInPlatform): VendorContext => ({
    platform,
    apiKey: keys[platform],
    isRetired: (model) => retired.get(platform)?.has(model) ?? false,
    turn: (model, question, schema) => resolveTurn(behaviours.get(platform)?.behaviour ?? {}, model, question, schema),
    takeFailure() {
      const state = behaviours.get(platform);
      const failure = state?.behaviour.failure;
      if (!state || !failure || (failure.times !== undefined && state.failures >= failure.times)) return undefined;
      state.failures += 1;
      return failure;
    },
    async serve(x, answer) {
      const current = (inFlight.get(platform) ?? 0) + 1;
      inFlight.set(platform, current);
      peakInFlight.set(platform, Math.max(peakInFlight.get(platform) ?? 0, current));
      try {
        const delay = behaviours.get(platform)?.behaviour.delayMs ?? 0;
        if (delay > 0 && !(await waitUnlessClosed(delay, x.res))) return;
        if (!x.res.destroyed) await answer();
      } finally {
        inFlight.set(platform, (inFlight.get(platform) ?? 1) - 1);
      }
    },
  });

  const surfaceBehaviours = new Map<SurfaceId, SurfaceBehaviour>();
  const surfaceFailures = new Map<StandInProvider, { failure: SurfaceFailure; taken: number }>();
  let demand: DemandBehaviour = {};
  const surfaceContext: SurfaceContext = {
    behaviour: (surface) => surfaceBehaviours.get(surface) ?? {},
    demand: () => demand,
    takeFailure(provider) {
      const state = surfaceFailures.get(provider);
      if (!state || (state.failure.times !== undefined && state.taken >= state.failure.times)) return undefined;
      state.taken += 1;
      return state.failure;
    },
  };
  const serpApiKey = 'standin-serpapi-key-0123456789abcdef';
  const dataForSeo = { login: 'standin@example.com', password: 'standin-dataforseo-password' };
  const serpApiState: SerpApiState = { billed: 0, tokenTtlMs: 60_000 };
  const providerHandlers: Record<StandInProvider, (x: Exchange) => void> = {
    serpapi: serpApiHandler(serpApiKey, surfaceContext, serpApiState),
    dataforseo: dataForSeoHandler(dataForSeo.login, dataForSeo.password, surfaceContext),
  };
  /** The delay of the surface a request asks for, by its path or engine. */
  const surfaceDelay = (x: Exchange): number => {
    if (/keywords?_/.test(x.path)) return demand.delayMs ?? 0;
    const surface: SurfaceId =
      /ai_mode/.test(x.path) || x.query.get('engine') === 'google_ai_mode'
        ? 'google-ai-mode'
        : /chat_gpt/.test(x.path)
          ? 'chatgpt-app'
          : 'google-ai-overviews';
    return surfaceBehaviours.get(surface)?.delayMs ?? 0;
  };

  const gemini = geminiHandler(context('gemini'));
  const handlers: Record<StandInPlatform, (x: Exchange) => Promise<void> | void> = {
    chatgpt: openaiHandler(context('chatgpt')),
    claude: claudeHandler(context('claude')),
    gemini: gemini.handler,
    perplexity: perplexityHandler(context('perplexity')),
    deepseek: deepseekHandler(context('deepseek')),
  };

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', 'http://stand-in.invalid');
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const raw = Buffer.concat(chunks).toString('utf8');
    let json: unknown;
    try {
      json = raw ? JSON.parse(raw) : undefined;
    } catch {
      json = undefined;
    }
    const host = (req.headers.host ?? '').replace(/:\d+$/, '').toLowerCase();
    const redirect = host === REDIRECT_HOST;
    const provider = SURFACE_PREFIXES.find(([, prefix]) => url.pathname.startsWith(`${prefix}/`));
    if (provider) {
      const [name, prefix] = provider;
      const record: StandInRequest = {
        platform: name,
        method: req.method ?? 'GET',
        path: `${url.pathname}${url.search}`,
        headers: req.headers,
        body: json ?? (raw || undefined),
        at: Date.now(),
      };
      requests.push(record);
      const x: Exchange = {
        req,
        res,
        method: record.method,
        path: url.pathname.slice(prefix.length),
        query: url.searchParams,
        raw,
        json,
        record,
      };
      const delay = surfaceDelay(x);
      if (delay > 0 && !(await waitUnlessClosed(delay, res))) return;
      return providerHandlers[name](x);
    }
    const entry = redirect ? PREFIXES[2] : PREFIXES.find(([, prefix]) => url.pathname === prefix || url.pathname.startsWith(`${prefix}/`));
    if (!entry) {
      res.writeHead(404, { 'content-type': 'text/plain' }).end(`no stand-in serves ${url.pathname}`);
      return;
    }
    const [platform, prefix] = entry;
    const record: StandInRequest = {
      platform,
      method: req.method ?? 'GET',
      path: `${url.pathname}${url.search}`,
      headers: req.headers,
      body: json ?? (raw || undefined),
      at: Date.now(),
    };
    requests.push(record);
    res.once('close', () => {
      if (!res.writableFinished) record.abandoned = true;
    });
    const x: Exchange = {
      req,
      res,
      method: record.method,
      path: redirect ? url.pathname : url.pathname.slice(prefix.length),
      query: url.searchParams,
      raw,
      json,
      record,
    };
    if (redirect) return gemini.redirect(x);
    await handlers[platform](x);
  }

  const server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      if (!res.headersSent) res.writeHead(500, { 'content-type': 'text/plain' });
      res.end(`stand-in failed: ${String(error)}`);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    origin,
    env: () =>
      Object.fromEntries(
        PREFIXES.flatMap(([platform, , variable]) => [
          [`${variable}_BASE_URL`, `${origin}${BASE_PATHS[platform]}`],
          [`${variable}_API_KEY`, keys[platform]],
        ]),
      ),
    surfaceEnv: (provider = 'both') => ({
      ...(provider !== 'dataforseo' ? { SERPAPI_BASE_URL: `${origin}/serpapi`, SERPAPI_API_KEY: serpApiKey } : {}),
      ...(provider !== 'serpapi'
        ? { DATAFORSEO_BASE_URL: `${origin}/dataforseo`, DATAFORSEO_LOGIN: dataForSeo.login, DATAFORSEO_PASSWORD: dataForSeo.password }
        : {}),
    }),
    setSurfaceBehaviour(surface, behaviour) {
      surfaceBehaviours.set(surface, behaviour);
    },
    setProviderFailure(provider, failure) {
      if (failure && !SURFACE_FAILURES[provider].includes(failure.kind))
        throw new Error(`${provider} does not signal a "${failure.kind}" failure; it signals ${SURFACE_FAILURES[provider].join(', ')}`);
      if (failure) surfaceFailures.set(provider, { failure, taken: 0 });
      else surfaceFailures.delete(provider);
    },
    setDemand(behaviour) {
      demand = behaviour;
    },
    serpApi: serpApiState,
    fetchOverrides: () => ({ [REDIRECT_HOST]: origin }),
    setBehaviour(platform, behaviour) {
      const kind = behaviour.failure?.kind;
      if (kind && !FAILURES_BY_PLATFORM[platform].includes(kind))
        throw new Error(`${platform} does not signal a "${kind}" failure; it signals ${FAILURES_BY_PLATFORM[platform].join(', ')}`);
      behaviours.set(platform, { behaviour, failures: 0 });
    },
    retireModel(platform, model) {
      retired.set(platform, (retired.get(platform) ?? new Set()).add(model));
    },
    requests,
    peakInFlight,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
