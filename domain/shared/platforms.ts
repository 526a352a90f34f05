/**
 * The AI platforms asked about a site, each through its vendor's current search-capable API
 * (docs/platforms.md), and the search surfaces people read (Google AI Mode, AI Overviews,
 * ChatGPT's app), each through a SERP-API provider (docs/surfaces.md).
 * Three protocols serve the five assistants: a sixth is its entry here, its budget
 * (platform-budgets.ts) and prices (prices.ts) and a stand-in for the tests (docs/architecture.md, "Adding a platform").
 */
export type PlatformProtocol = 'openai-responses' | 'anthropic-messages' | 'gemini-generate-content' | 'search-surface';

/** The SERP-API providers that sell the surfaces; the one whose key is set is used (docs/surfaces.md). */
export type SurfaceProvider = 'serpapi' | 'dataforseo';
export type { SurfaceId } from './surface-ids';
import type { SurfaceId } from './surface-ids';
import { DEFAULT_ANSWER_TIMEOUT_MS } from './answer-timeouts';

/** How one platform speaks its protocol: where the request goes and which search tool it declares. */
export type PlatformDialect =
  | {
      protocol: 'openai-responses';
      /** Path of the create call under the base URL: OpenAI's /responses, Perplexity's /v1/agent. */
      path: string;
      /** Perplexity's agent often answers without searching unless the tool is forced. */
      forceSearch: boolean;
      /** OpenAI lists the pages a search read only when asked (`include`); Perplexity refuses the field. */
      includeSources: boolean;
      /** How it takes a structured-output schema: OpenAI's `text.format` (the default) or Perplexity's `response_format`. */
      structuredOutput?: 'text-format' | 'response-format';
      /** The search tool's `user_location` carries `type: "approximate"` (OpenAI requires it; Perplexity refuses it). */
      typedLocation?: boolean;
    }
  | {
      protocol: 'anthropic-messages';
      /** Claude's web search tool, or DeepSeek's own server tool on its Anthropic-compatible endpoint. */
      searchTool: 'web_search_20250305' | 'deepseek_web_search';
      /** How it takes a structured-output schema: Claude's `output_config.format` (the default) or a forced tool whose input is the reply. */
      structuredOutput?: 'output-config' | 'tool';
    }
  | { protocol: 'gemini-generate-content' }
  | {
      protocol: 'search-surface';
      surface: SurfaceId;
      /** The providers that sell this surface, in order of preference when several are configured. */
      providers: readonly SurfaceProvider[];
    };

export type SurfaceDialect = Extract<PlatformDialect, { protocol: 'search-surface' }>;

export interface PlatformDefinition {
  id: string;
  /** Display name, as it appears in report.memory[].platform. */
  name: string;
  dialect: PlatformDialect;
  /** Prefix of the platform's environment variables. */
  env: string;
  defaultBaseUrl: string;
  /** Cheap, current and search-capable, from the vendor's own model list (docs/platforms.md). */
  defaultModel: string;
  /** Where the vendor lists its models, relative to the base URL (checked once when a worker starts). */
  modelsPath: string;
  /**
   * How long one request may take, response body included, when the vendor's own answers take longer
   * than DEFAULT_ANSWER_TIMEOUT_MS; the ask's attempt limit follows it (answer-timeouts.ts).
   */
  timeoutMs?: number;
}

export const ASSISTANTS = [
  {
    id: 'chatgpt',
    name: 'ChatGPT',
    dialect: { protocol: 'openai-responses', path: '/responses', forceSearch: false, includeSources: true, typedLocation: true },
    env: 'OPENAI',
    defaultBaseUrl: 'https://api.openai.com/v1',
    defaultModel: 'gpt-5.4-mini',
    modelsPath: '/models',
  },
  {
    id: 'claude',
    name: 'Claude',
    dialect: { protocol: 'anthropic-messages', searchTool: 'web_search_20250305' },
    env: 'ANTHROPIC',
    defaultBaseUrl: 'https://api.anthropic.com',
    defaultModel: 'claude-haiku-5-5',
    modelsPath: '/v1/models?limit=1000',
  },
  {
    id: 'gemini',
    name: 'Gemini',
    dialect: { protocol: 'gemini-generate-content' },
    env: 'GEMINI',
    defaultBaseUrl: 'https://generativelanguage.googleapis.com',
    defaultModel: 'gemini-3.5-flash-lite',
    modelsPath: '/v1beta/models?pageSize=1000',
  },
  {
    id: 'perplexity',
    name: 'Perplexity',
    dialect: {
      protocol: 'openai-responses',
      path: '/v1/agent',
      forceSearch: true,
      includeSources: false,
      structuredOutput: 'response-format',
      typedLocation: false,
    },
    env: 'PERPLEXITY',
    defaultBaseUrl: 'https://api.perplexity.ai',
    defaultModel: 'perplexity/sonar',
    modelsPath: '/v1/models',
  },
  {
    id: 'deepseek',
    name: 'DeepSeek',
    dialect: { protocol: 'anthropic-messages', searchTool: 'deepseek_web_search', structuredOutput: 'tool' },
    env: 'DEEPSEEK',
    defaultBaseUrl: 'https://api.deepseek.com/anthropic',
    defaultModel: 'deepseek-flash',
    // DeepSeek lists its models once for all its API formats, beside the /anthropic base.
    modelsPath: '/../models',
  },
] as const satisfies readonly PlatformDefinition[];

/**
 * The surfaces, each reached through a provider (docs/surfaces.md). Their base URL and "model" (the
 * provider's product, also its price key in prices.ts) come from the provider chosen in config.ts.
 */
export const SURFACES = [
  {
    id: 'google-ai-mode',
    name: 'Google AI Mode',
    dialect: { protocol: 'search-surface', surface: 'google-ai-mode', providers: ['serpapi', 'dataforseo'] },
    env: 'GOOGLE_AI_MODE',
    defaultBaseUrl: '',
    defaultModel: 'google-ai-mode',
    modelsPath: '',
  },
  {
    id: 'google-ai-overviews',
    name: 'Google AI Overviews',
    dialect: { protocol: 'search-surface', surface: 'google-ai-overviews', providers: ['serpapi', 'dataforseo'] },
    env: 'GOOGLE_AI_OVERVIEWS',
    defaultBaseUrl: '',
    defaultModel: 'google-ai-overviews',
    modelsPath: '',
  },
  {
    id: 'chatgpt-app',
    name: 'ChatGPT (app)',
    dialect: { protocol: 'search-surface', surface: 'chatgpt-app', providers: ['dataforseo'] },
    env: 'CHATGPT_APP',
    defaultBaseUrl: '',
    defaultModel: 'chatgpt-app',
    modelsPath: '',
    // DataForSEO's ChatGPT scraper answers in up to 90 s live (docs/surfaces.md, "Time limits"); 10 s more for the way.
    timeoutMs: 100_000,
  },
] as const satisfies readonly PlatformDefinition[];

export const PLATFORMS = [...ASSISTANTS, ...SURFACES] as const;

export type AssistantId = (typeof ASSISTANTS)[number]['id'];

export type PlatformId = (typeof PLATFORMS)[number]['id'];

export function platformDefinition(id: PlatformId): PlatformDefinition {
  return PLATFORMS.find((platform) => platform.id === id)!;
}

/** How long one request to the platform may take: its own limit, or the platform client's default. */
export function platformTimeoutMs(platform: PlatformDefinition): number {
  return platform.timeoutMs ?? DEFAULT_ANSWER_TIMEOUT_MS;
}

/** The platforms' names as a phrase: "ChatGPT, Claude, Gemini, Perplexity and DeepSeek" (`or` with 'disjunction'). */
export function platformNames(type: 'conjunction' | 'disjunction' = 'conjunction'): string {
  return new Intl.ListFormat('en-GB', { type }).format(ASSISTANTS.map((platform) => platform.name));
}

/** The ids of the platforms a report names by their display names (byPlatform[].platform), in the registry's order. */
export function platformIdsNamed(names: readonly string[]): PlatformId[] {
  return PLATFORMS.filter((platform) => names.includes(platform.name)).map((platform) => platform.id);
}

/** Is this platform a search surface, reached through a SERP-API provider? */
export function isSurface(platform: Pick<PlatformDefinition, 'dialect'>): platform is PlatformDefinition & { dialect: SurfaceDialect } {
  return platform.dialect.protocol === 'search-surface';
}

const ASSISTANT_IDS: ReadonlySet<string> = new Set(ASSISTANTS.map((platform) => platform.id));

/** The five assistants the site check asks (its memory[], docs/checks/site.md); surfaces are never asked there. */
export function isAssistantId(id: string): id is AssistantId {
  return ASSISTANT_IDS.has(id);
}

/** A platform as a run records it at its start (workflows/run-settings.ts): what the run asks, whatever later deployments add. */
export interface RunPlatform {
  id: PlatformId;
  name: string;
  /** Its request time limit (platformTimeoutMs), which the ask's attempt limit follows; absent in histories recorded before it. */
  timeoutMs?: number;
}
