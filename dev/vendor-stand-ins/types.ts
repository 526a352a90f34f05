/** The test-facing vocabulary of the vendor stand-ins (see index.ts). */
import type { SurfaceId } from '../../domain/shared/surface-ids';
import type { StandInProvider, SurfaceBehaviour, SurfaceFailure } from './surface-types';
import type { DemandBehaviour } from './demand-types';

export type StandInPlatform = 'chatgpt' | 'claude' | 'gemini' | 'perplexity' | 'deepseek';

/**
 * A failure in the vendor's own form. `times`: fail that many answer requests, then answer; unset:
 * fail every time. Kinds a vendor does not signal are refused by setBehaviour.
 *
 * - `rate_limit` (all): 429. OpenAI `rate_limit_exceeded` + `x-ratelimit-*`; Anthropic `rate_limit_error`
 *   + `retry-after` + `anthropic-ratelimit-*`; Gemini `RESOURCE_EXHAUSTED` with `google.rpc.RetryInfo`
 *   in the body and no Retry-After header; Perplexity `request_rate_limit_exceeded` + `X-RateLimit-*`;
 *   DeepSeek 429.
 * - `quota`: a limit retrying will not clear. OpenAI 429 `insufficient_quota`; Anthropic 429
 *   `rate_limit_error` with `details.error_code: "enforced_spend_limit_reached"` and no retry-after;
 *   DeepSeek 402 insufficient balance.
 * - `overloaded`: Anthropic 529 `overloaded_error`; Gemini 503 `UNAVAILABLE`; DeepSeek 503; OpenAI and
 *   Perplexity 503.
 * - `server_error` (all): 500 in the vendor's shape.
 * - `unauthorized` (all): the key is refused, 401 (Gemini: 400 `API_KEY_INVALID`).
 * - `bad_request` (all): 400 in the vendor's shape, as for a request it cannot serve.
 * - `pause_turn` (claude, deepseek): 200 with `stop_reason: "pause_turn"` after the search; a request
 *   that sends that content back as the assistant turn gets the rest of the answer.
 * - `search_error` (claude, deepseek): 200 whose `web_search_tool_result` holds a
 *   `web_search_tool_result_error` (default `unavailable`), and an answer without citations.
 * - `failed_run` (perplexity): HTTP 200 with `status: "failed"` and an `error` object.
 * - `blank_lines` (deepseek): a 200 whose JSON body is preceded by blank keep-alive lines.
 */
export type StandInFailure = { times?: number } & (
  | { kind: 'rate_limit'; retryAfterSeconds?: number }
  | { kind: 'quota' }
  | { kind: 'overloaded' }
  | { kind: 'server_error' }
  | { kind: 'unauthorized' }
  | { kind: 'bad_request' }
  | { kind: 'pause_turn' }
  | {
      kind: 'search_error';
      errorCode?: 'invalid_tool_input' | 'unavailable' | 'max_uses_exceeded' | 'too_many_requests' | 'query_too_long' | 'request_too_large';
    }
  | { kind: 'failed_run' }
  | { kind: 'blank_lines'; lines?: number }
);

export type StandInFailureKind = StandInFailure['kind'];

export interface StandInBehaviour {
  /** The final answer text. Default: a sentence naming the model and the question. */
  answer?: string | ((question: string) => string);
  /** Source URLs the search found and the answer cites; only delivered when the search tool was requested. */
  citations?: string[] | ((question: string) => string[]);
  /**
   * The reply to a request for structured output (OpenAI `text.format`, Claude `output_config.format`
   * or a forced tool, Gemini `responseSchema`, Perplexity `response_format`), given the prompt and the
   * schema as sent; the vendor returns it as JSON where its protocol puts structured output. Default:
   * the least value that fits the schema (empty lists and strings).
   */
  structured?: (question: string, schema: unknown) => unknown;
  /** The queries the search ran. Default: [question]. */
  searchQueries?: string[] | ((question: string) => string[]);
  /** false: the model chooses not to search even with the tool (default true). */
  searches?: boolean;
  /** Wait this long before answering (or failing); a caller that goes away meanwhile is recorded. */
  delayMs?: number;
  failure?: StandInFailure;
}

export interface StandInRequest {
  platform: StandInPlatform | StandInProvider;
  method: string;
  path: string;
  model?: string;
  headers: Record<string, string | string[] | undefined>;
  body: unknown;
  /** Date.now() when received. */
  at: number;
  /** Set when the caller closed the connection before the stand-in answered. */
  abandoned?: boolean;
}

export interface VendorStandIns {
  origin: string;
  /** <PREFIX>_BASE_URL and <PREFIX>_API_KEY for OPENAI, ANTHROPIC, GEMINI, PERPLEXITY, DEEPSEEK; no *_MODEL. */
  env(): Record<string, string>;
  /** SERPAPI_* and/or DATAFORSEO_* (base URLs and credentials): the surfaces configured through those providers. */
  surfaceEnv(provider?: StandInProvider | 'both'): Record<string, string>;
  /** How a surface answers, whichever provider serves it. */
  setSurfaceBehaviour(surface: SurfaceId, behaviour: SurfaceBehaviour): void;
  /** A provider's failure for its next requests (undefined: none). */
  setProviderFailure(provider: StandInProvider, failure: SurfaceFailure | undefined): void;
  /** SerpApi's billed searches, and the life of a deferred overview's page_token. */
  serpApi: { billed: number; tokenTtlMs: number };
  /** FETCH_ORIGIN_OVERRIDES entries that route Gemini's grounding redirect host to the stand-in. */
  fetchOverrides(): Record<string, string>;
  /** DataForSEO's search volumes for the demand endpoints (none set: every keyword without data). */
  setDemand(behaviour: DemandBehaviour): void;
  /** Replaces the platform's behaviour and resets its failure count. */
  setBehaviour(platform: StandInPlatform, behaviour: StandInBehaviour): void;
  /** From now on the model answers as the vendor answers a retired name (and lists it as such where the vendor does). */
  retireModel(platform: StandInPlatform, model: string): void;
  /** Every request, in order. */
  requests: StandInRequest[];
  /** The most answer requests each platform had in flight at once. */
  peakInFlight: Map<StandInPlatform, number>;
  close(): Promise<void>;
}
