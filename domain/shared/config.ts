import { z } from 'zod';
import { DEFAULT_RPM, PER_SECOND_LIMIT, PROVIDER_DEFAULT_RPM } from './platform-budgets';
import { ASSISTANTS, PLATFORMS, SURFACES, type PlatformId, type SurfaceProvider } from './platforms';
import { surfaceModel, SURFACE_PROVIDERS } from './surface-providers';
import { DEFAULT_PRICES, pricesSchema, type PriceTable } from './prices';
import { RATE_LIMITS, type RateLimitedOperation } from './rate-limits';

/**
 * The service's configuration, read from the environment once at start (docs/configuration.md).
 * parseConfig is pure: it takes the environment as an object and throws ConfigError naming every bad variable.
 */

const optionalString = z
  .string()
  .trim()
  .transform((value) => (value === '' ? undefined : value))
  .optional();

const httpUrl = z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' });
const optionalHttpUrl = optionalString.pipe(httpUrl.optional());

const port = z.coerce
  .number({ error: 'must be a port number' })
  .int({ error: 'must be a whole number' })
  .min(1, { error: 'must be from 1 to 65535' })
  .max(65535, { error: 'must be from 1 to 65535' });

/** A port, or 0 for "do not listen". */
const portOrOff = z.coerce
  .number({ error: 'must be a port number, or 0 for none' })
  .int({ error: 'must be a whole number' })
  .min(0, { error: 'must be from 0 to 65535' })
  .max(65535, { error: 'must be from 0 to 65535' });

const perHourLimit = z.coerce
  .number({ error: 'must be a whole number of requests per hour' })
  .int({ error: 'must be a whole number of requests per hour' })
  .min(0, { error: 'must not be negative' });

const hostPort = z.string().regex(/^[A-Za-z0-9.\-_[\]:]+:\d{1,5}$/, { error: 'must be host:port' });

const mongoUri = z.string().regex(/^mongodb(\+srv)?:\/\/.+/, { error: 'must be a mongodb:// or mongodb+srv:// URI' });
const redisUrl = z.string().regex(/^rediss?:\/\/.+/, { error: 'must be a redis:// or rediss:// URL' });

/** Express's trust-proxy setting: true/false, a hop count, or a comma list of addresses, subnets and presets. */
const trustProxy = z
  .string()
  .trim()
  .transform((value, ctx): boolean | number | string[] => {
    if (value === 'true') return true;
    if (value === 'false') return false;
    if (/^\d+$/.test(value)) return Number(value);
    const entries = value
      .split(',')
      .map((entry) => entry.trim())
      .filter(Boolean);
    const valid =
      entries.length > 0 && entries.every((entry) => /^(loopback|linklocal|uniquelocal|[0-9a-fA-F:.]+(\/\d{1,3})?)$/.test(entry));
    if (!valid) {
      ctx.addIssue({
        code: 'custom',
        message: 'must be true, false, a hop count, or a comma list of IPs, subnets, loopback, linklocal or uniquelocal',
      });
      return z.NEVER;
    }
    return entries;
  });

/** A comma-separated list of http(s) origins, e.g. `https://app.example.com,http://localhost:5173`. */
const originList = z.string().transform((value, ctx) => {
  const origins: string[] = [];
  for (const item of value
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean)) {
    const url = URL.canParse(item) ? new URL(item) : undefined;
    if (!url || !['http:', 'https:'].includes(url.protocol)) {
      ctx.addIssue({ code: 'custom', message: `must be a comma-separated list of http(s) origins ("${item}" is not one)` });
      return z.NEVER;
    }
    origins.push(url.origin);
  }
  return origins;
});

/** A variable holding JSON; `shape` says what it must be, in the message when it is not JSON at all. */
const jsonText = (shape: string) =>
  z.string().transform((value, ctx) => {
    try {
      return JSON.parse(value) as unknown;
    } catch {
      ctx.addIssue({ code: 'custom', message: `must be a JSON object of ${shape}` });
      return z.NEVER;
    }
  });

/** FETCH_ORIGIN_OVERRIDES: JSON object of exact host → origin (scheme, host and port only). */
const originOverrides = jsonText('host → origin').pipe(
  z.record(
    z
      .string()
      .regex(/^[a-z0-9.-]+$/i, { error: 'keys must be host names' })
      .transform((host) => host.toLowerCase()),
    httpUrl.transform((url, ctx) => {
      const parsed = new URL(url);
      if (parsed.pathname !== '/' || parsed.search || parsed.hash) {
        ctx.addIssue({ code: 'custom', message: 'values must be origins such as http://127.0.0.1:41001, without a path' });
        return z.NEVER;
      }
      return parsed.origin;
    }),
  ),
);

/** DNS_SERVERS: a comma list of resolver addresses, each an IP with an optional port (`1.1.1.1`, `127.0.0.1:5353`, `[::1]:53`). */
const dnsServers = z.string().transform((value, ctx) => {
  const servers = value
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean);
  const valid = (server: string) =>
    /^(\d{1,3}(\.\d{1,3}){3}(:\d{1,5})?|\[[0-9a-fA-F:.]+\](:\d{1,5})?|[0-9a-fA-F:]*:[0-9a-fA-F:.]*)$/.test(server);
  const bad = servers.find((server) => !valid(server));
  if (servers.length === 0 || bad !== undefined) {
    ctx.addIssue({
      code: 'custom',
      message: `must be a comma list of resolver IP addresses, each with an optional port${bad ? ` ("${bad}" is not one)` : ''}`,
    });
    return z.NEVER;
  }
  return servers;
});

/** A whole number from `min` to `max`, for counts such as PLATFORM_CONCURRENCY. */
const boundedCount = (min: number, max: number) =>
  z.coerce
    .number({ error: `must be a whole number from ${min} to ${max}` })
    .int({ error: `must be a whole number from ${min} to ${max}` })
    .min(min, { error: `must be a whole number from ${min} to ${max}` })
    .max(max, { error: `must be a whole number from ${min} to ${max}` });

const platformId = z.enum(PLATFORMS.map((platform) => platform.id) as [PlatformId, ...PlatformId[]], {
  error: `must be one of ${PLATFORMS.map((platform) => platform.id).join(', ')}`,
});
const megabytes = z.coerce
  .number({ error: 'must be a number of megabytes' })
  .int({ error: 'must be a whole number of megabytes' })
  .min(0, { error: 'must not be negative' });

/** A platform's request budget (<PREFIX>_RPM): requests per minute for the whole deployment. */
const requestsPerMinute = z.coerce
  .number({ error: 'must be a whole number of requests per minute' })
  .int({ error: 'must be a whole number of requests per minute' })
  .min(1, { error: 'must be at least 1 request per minute' })
  .max(1_000_000, { error: 'must be at most 1000000 requests per minute' });
/** Fairness weight overrides, `key=weight,…` (a fairness key such as monitor:<id>; weights 0.001–1000, Temporal's range). */
const fairnessWeights = z.string().transform((value, ctx) => {
  const weights: Record<string, number> = {};
  for (const item of value
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean)) {
    const [key = '', weight = ''] = item.split(/=(?=[^=]*$)/);
    const parsed = Number(weight);
    if (!/^[\w:.-]{1,64}$/.test(key) || weight.trim() === '' || !(parsed >= 0.001 && parsed <= 1000)) {
      ctx.addIssue({
        code: 'custom',
        message: `"${item}" is not key=weight (a fairness key of up to 64 characters, a weight from 0.001 to 1000)`,
      });
      return z.NEVER;
    }
    weights[key] = parsed;
  }
  return weights;
});
/** A vendor's per-second limit (<PREFIX>_RPS), beside its per-minute budget. */
const requestsPerSecond = z.coerce
  .number({ error: 'must be a number of requests per second' })
  .min(1, { error: 'must be at least 1 request per second' })
  .max(100_000, { error: 'must be at most 100000 requests per second' });
const prices = jsonText('model → {inputPerMTok, outputPerMTok, perSearch}').pipe(pricesSchema);

const logLevel = z.enum(['trace', 'debug', 'info', 'warn', 'error', 'fatal', 'silent']);

const rateLimitShape = Object.fromEntries(
  Object.values(RATE_LIMITS).map((limit) => [
    limit.env,
    perHourLimit
      .default(limit.perHour)
      .describe(`${'periodSeconds' in limit ? 'daily' : 'hourly'} limit per client IP of ${limit.operation}; 0 turns it off`),
  ]),
);

/** Each assistant's variables, `<PREFIX>_<suffix>`: what they mean, for every assistant alike. */
const PLATFORM_VARIABLES = {
  API_KEY: "the platform's API key; without it the platform is reported as not configured and the check still succeeds",
  BASE_URL: "the platform's API address (a stand-in's, in tests)",
  MODEL: 'the model asked ([AI platforms](platforms.md))',
  RPM: "the platform's request budget in requests per minute, for the whole deployment: every worker must be given the same value ([Platform budgets](platform-budgets.md))",
  RPS: "a vendor's per-second limit beside its per-minute budget (at least 1); unset: none",
  WEB_SEARCH: '`off` asks that platform from memory only, without its search tool; every answer and page says so',
} as const;

// Defaults filled in by parseConfig rather than by the schema, stated for the documentation.
const stated = (schema: z.ZodType, shown: unknown) => schema.meta({ unset: shown });
const described = (schema: z.ZodType, description: string) => schema.meta({ ...schema.meta(), description });
const perSecond = (platform: (typeof PLATFORMS)[number]) =>
  stated(
    requestsPerSecond.optional().transform((value) => value ?? PER_SECOND_LIMIT[platform.id]),
    PER_SECOND_LIMIT[platform.id],
  );

const platformShape = Object.fromEntries([
  ...ASSISTANTS.flatMap((platform) => {
    const schemas: Record<keyof typeof PLATFORM_VARIABLES, z.ZodType> = {
      API_KEY: optionalString,
      BASE_URL: stated(optionalHttpUrl, platform.defaultBaseUrl),
      MODEL: stated(optionalString, platform.defaultModel),
      RPM: requestsPerMinute.default(DEFAULT_RPM[platform.id]),
      RPS: perSecond(platform),
      WEB_SEARCH: z.enum(['on', 'off'], { error: 'must be on or off' }).default('on'),
    };
    return Object.entries(schemas).map(([suffix, schema]) => [
      `${platform.env}_${suffix}`,
      described(schema, PLATFORM_VARIABLES[suffix as keyof typeof PLATFORM_VARIABLES]),
    ]);
  }),
  // A surface's provider is the one whose key is set; <SURFACE>_PROVIDER chooses when both are (docs/surfaces.md).
  ...SURFACES.flatMap((platform) => [
    [
      `${platform.env}_RPM`,
      described(
        stated(
          requestsPerMinute.optional(),
          `its provider's: ${Object.entries(PROVIDER_DEFAULT_RPM)
            .map(([provider, rpm]) => `${provider} ${rpm}`)
            .join(', ')}`,
        ),
        `${platform.name}'s request budget in requests per minute, for the whole deployment`,
      ),
    ],
    [`${platform.env}_RPS`, described(perSecond(platform), `${platform.name}'s per-second limit beside its per-minute budget`)],
    [
      `${platform.env}_PROVIDER`,
      described(
        optionalString.pipe(z.enum(platform.dialect.providers, { error: `must be ${platform.dialect.providers.join(' or ')}` }).optional()),
        `which SERP-API provider asks ${platform.name} when more than one is configured (${platform.dialect.providers.join(' or ')})`,
      ),
    ],
  ]),
  ...Object.values(SURFACE_PROVIDERS).flatMap((provider) => [
    ...provider.credentials.map((name) => [
      name,
      described(optionalString, `${provider.name} credentials: the surfaces it sells are asked once they are set`),
    ]),
    [`${provider.env}_BASE_URL`, described(optionalHttpUrl, `${provider.name}'s API address (a stand-in's, in tests)`)],
  ]),
]);

const environmentSchema = z.object({
  PORT: port.default(3000).describe('API port'),
  // 9464: the port OpenTelemetry's Prometheus exporters use by default.
  METRICS_PORT: portOrOff
    .default(9464)
    .describe(
      "the worker's Prometheus endpoint, `http://<host>:METRICS_PORT/metrics`, on all interfaces: Temporal's SDK series and the checks' own ([Metrics](operations.md#metrics)); `0` turns it off. Two workers on one host need two ports.",
    ),
  API_METRICS_PORT: z
    .preprocess((value) => (typeof value === 'string' && value.trim() === '' ? undefined : value), port.optional())
    .describe(
      "serves the gateway's `/metrics` on this port instead of the public one (`PORT`), e.g. reachable only inside the cluster; unset: `/metrics` on `PORT`",
    ),
  PUBLIC_BASE_URL: optionalHttpUrl.describe("base address used in links and in the fetcher's User-Agent; unset: `http://localhost:$PORT`"),
  TEMPORAL_ADDRESS: hostPort.default('127.0.0.1:7233').describe("Temporal's address; a profile's applies when unset (below)"),
  TEMPORAL_NAMESPACE: z.string().min(1).default('default').describe("Temporal namespace; a profile's applies when unset (below)"),
  TEMPORAL_TASK_QUEUE: z
    .string()
    .min(1)
    .default('site-checks')
    .describe('the check queue; each AI platform has its own, `<TEMPORAL_TASK_QUEUE>-<platformId>`'),
  TEMPORAL_DEPLOYMENT_NAME: optionalString.describe(
    "the Worker Deployment this build's workers poll as (docs/operations-replay.md); unset: the check queue's name",
  ),
  TEMPORAL_BUILD_ID: optionalString.describe(
    'the build id of this Worker Deployment Version; unset: the package version and the git commit',
  ),
  TEMPORAL_SET_CURRENT_VERSION: z
    .enum(['on', 'off'], { error: 'must be on or off' })
    .default('on')
    .describe('`on`: a worker makes its version current at start (development); `off` where a deploy step sets it'),
  MONGODB_URI: mongoUri.default('mongodb://127.0.0.1:27017/aivis').describe('snapshot store (the path names the database)'),
  REDIS_URL: optionalString
    .pipe(redisUrl.optional())
    .describe('rate-limit store; unset means in-process counters (one gateway only). `npm start` sets it to the local Redis.'),
  TRUST_PROXY: optionalString
    .pipe(trustProxy.optional())
    .describe(
      'Express trust-proxy: `true`, `false`, a hop count, or a comma list of IPs/subnets/`loopback`/`linklocal`/`uniquelocal`; unset means `X-Forwarded-For` is ignored',
    ),
  FETCH_ORIGIN_OVERRIDES: optionalString
    .pipe(originOverrides.optional())
    .describe(
      'JSON object host → origin, e.g. `{"good.example":"http://127.0.0.1:41001"}`: requests for that host go to that origin; only these hosts may be loopback/private or use reserved names. For tests and demos.',
    ),
  SEARXNG_URL: optionalHttpUrl.describe("live web retrieval through SearXNG's JSON API"),
  BRAVE_API_KEY: optionalString.describe('live web retrieval through the Brave Search API'),
  BRAVE_BASE_URL: optionalHttpUrl.meta({ unset: 'https://api.search.brave.com', description: "the Brave Search API's address" }),
  PLATFORM_CONCURRENCY: boundedCount(1, 1000)
    .default(100)
    .describe(
      "most questions one worker asks one platform at once (1–1000): a bound on the worker's memory, not a rate; questions beyond it wait in Temporal's queue",
    ),
  FAIRNESS_WEIGHTS: optionalString
    .pipe(fairnessWeights.optional())
    .describe(
      "`key=weight,…`: fairness weights (0.001–1000, default 1) of chosen clients on the platform queues, keys as `monitor:<id>` or `client:<hash>` (shown as the run's fairness key in the Temporal UI)",
    ),
  ANALYSIS_PLATFORM: optionalString
    .pipe(platformId.optional())
    .describe(
      `platform id (${PLATFORMS.map((platform) => `\`${platform.id}\``).join(', ')}) that proposes a brand diagnosis's questions, reads its answers (a role for every name, the options' order; structured output, checked against the answer) and judges an article check's coverage; unset: templates and rules only`,
    ),
  ANALYSIS_MODEL: optionalString.describe("the analysis platform's model; unset: its default model"),
  BRAND_QUESTIONS: boundedCount(1, 20).default(10).describe('questions per brand diagnosis (1–20)'),
  BRAND_RUNS: boundedCount(1, 5).default(1).describe('runs per question and platform of a brand diagnosis (1–5)'),
  DEMAND_RPM: requestsPerMinute
    .default(12)
    .describe(
      "DataForSEO's demand requests (AI and Google search volume of a brand diagnosis's questions) per minute, for the whole deployment: Google Ads' Live endpoint allows 12 a minute per account",
    ),
  ARTICLE_QUESTIONS: boundedCount(1, 10).default(5).describe('questions per article check (1–10)'),
  SITE_CHECK_DEADLINE_S: boundedCount(10, 600)
    .default(100)
    .describe(
      "seconds within which a site check a person or an agent waits for answers (10–600; SPEC's clients wait 120–150 s): a platform whose budget is taken by other checks until too late is reported as not asked in time; monitors' runs wait as long as they must",
    ),
  MCP_CHECK_WAIT_S: boundedCount(1, 600)
    .default(100)
    .describe("how long the MCP tool `check_site` waits for its check before answering with the check's id (1–600)"),
  MCP_ALLOWED_ORIGINS: optionalString
    .pipe(originList.optional())
    .describe(
      "comma-separated origins whose web pages may call `/api/mcp`; any other `Origin` gets 403; unset: `PUBLIC_BASE_URL`'s origin",
    ),
  LOG_LEVEL: logLevel.default('info').describe('pino level'),
  LOG_FORMAT: z.enum(['json', 'pretty']).default('json').describe('`json` or `pretty` (`npm start` uses pretty)'),
  SNAPSHOT_CACHE_MB: megabytes
    .default(64)
    .describe('memory each gateway gives to rendered snapshots (page and JSON), least recently used out first; 0 turns the cache off'),
  PRICES: optionalString
    .pipe(prices.optional())
    .describe(
      'JSON object model → `{inputPerMTok, outputPerMTok, perSearch}` in US dollars, over the built-in price table (`domain/shared/prices.ts`)',
    ),
  MONITORS_MAX: boundedCount(0, 10_000_000).default(1000).describe('monitors active at once, in all'),
  DNS_SERVERS: optionalString
    .pipe(dnsServers.optional())
    .describe(
      "comma list of resolvers (`1.1.1.1`, `127.0.0.1:5353`, `[::1]:53`) the worker asks for reverse DNS and forward confirmation when verifying crawlers whose vendors publish host names (Google, Bing, Apple, Amazon, Yandex); unset: the system's resolvers",
    ),
  CRAWLER_LOG_MAX_MB: boundedCount(1, 10_000)
    .default(100)
    .describe("an uploaded access log's limit in megabytes as sent (gzipped or not); past it, 413"),
  CRAWLER_LOG_MAX_LINES: boundedCount(1, 100_000_000).default(5_000_000).describe("an uploaded access log's limit in lines; past it, 413"),
});

/** Variables whose names come from the rate-limit and platform tables. */
const tableSchema = z.object({ ...rateLimitShape, ...platformShape });

/** The variables, for docs/configuration.md (scripts/docs-config.ts): the fixed ones, the rate limits', and each platform's. */
export const CONFIG_SCHEMAS = {
  environment: environmentSchema,
  rateLimits: z.object(rateLimitShape),
  platforms: z.object(platformShape),
} as const;
export { PLATFORM_VARIABLES };

/** A build that says nothing of itself (infra/service-version.ts names the real one). */
export const UNKNOWN_BUILD = 'unknown';

/**
 * The Worker Deployment Version this build's workers poll as (docs/operations-replay.md): every run is
 * pinned to the version that started it, so no run ever replays on code it was not written by.
 */
export interface WorkerDeployment {
  /** TEMPORAL_DEPLOYMENT_NAME; the check queue's name when unset (one deployment per queue). */
  name: string;
  /** TEMPORAL_BUILD_ID; the package version and git commit when unset (infra/load-config.ts). */
  buildId: string;
  /** TEMPORAL_SET_CURRENT_VERSION=on: a worker makes its version current at start (development); off where a deploy step does. */
  setCurrent: boolean;
}

export interface PlatformConfig {
  /** The key; for DataForSEO `login:password`, sent as Basic authentication. */
  apiKey?: string;
  /** A surface's SERP-API provider, when one is configured for it. */
  provider?: SurfaceProvider;
  baseUrl: string;
  model: string;
  /** `<PREFIX>_WEB_SEARCH=off` asks from memory only, and the report says so. */
  webSearch: boolean;
}

export interface Config {
  port: number;
  publicBaseUrl: string;
  /**
   * Where Prometheus scrapes: the worker's /metrics (Temporal's SDK series and the checks'; 0: none),
   * and the gateway's on its own port when set (else on `port`).
   */
  metrics: { workerPort: number; apiPort?: number };
  temporal: { address: string; namespace: string; taskQueue: string; deployment: WorkerDeployment };
  mongodbUri: string;
  redisUrl?: string;
  trustProxy?: boolean | number | string[];
  rateLimits: Record<RateLimitedOperation, number>;
  fetchOriginOverrides: Record<string, string>;
  platforms: Record<PlatformId, PlatformConfig>;
  /** Per-model prices for each answer's costUsd: the built-in table with PRICES over it. */
  prices: PriceTable;
  retrieval: { searxngUrl?: string; brave: { apiKey?: string; baseUrl: string } };
  /** Each platform's request budget in requests per minute, for the whole deployment (<PREFIX>_RPM). */
  platformRpm: Record<PlatformId, number>;
  /** A vendor's per-second limit, where it has one (<PREFIX>_RPS; Perplexity's default 1). */
  platformRps: Partial<Record<PlatformId, number>>;
  /** Most questions one worker asks one platform at once: a bound on the worker's memory, not a rate. */
  platformConcurrency: number;
  /** Fairness weight overrides per fairness key on the platform queues (default weight 1: each client an equal share). */
  fairnessWeights: Record<string, number>;
  /** The platform (and model) that proposes questions; unset: templates only. */
  analysis?: { platformId: PlatformId; model?: string };
  brand: { questions: number; runs: number };
  /**
   * Demand through DataForSEO (docs/checks/brand.md, "Demand"): its credentials `login:password` when
   * DATAFORSEO_LOGIN and DATAFORSEO_PASSWORD are set, its address, and the requests' budget a minute.
   */
  demand: { apiKey?: string; baseUrl: string; rpm: number };
  article: { questions: number };
  /** How long the MCP tool check_site waits for its check before answering with the check's id. */
  mcpCheckWaitMs: number;
  /** Within how long a site check someone waits for answers (SITE_CHECK_DEADLINE_S). */
  siteCheckDeadlineMs: number;
  /** Origins whose pages may call /api/mcp from a browser; others get 403 (DNS rebinding). */
  mcpAllowedOrigins: string[];
  log: { level: z.infer<typeof logLevel>; format: 'json' | 'pretty' };
  /** Memory the gateway gives to rendered snapshots; 0 turns the cache off. */
  snapshotCacheMb: number;
  /** Most monitors active at once, in all (0: none may be created). */
  monitorsMax: number;
  /** Resolvers for verifying crawlers by reverse DNS (DNS_SERVERS); unset: the system's. */
  dnsServers?: string[];
  /** An uploaded access log's limits: bytes as sent (gzipped or not) and lines (CRAWLER_LOG_MAX_MB, CRAWLER_LOG_MAX_LINES). */
  crawlerLogs: { maxBytes: number; maxLines: number };
}

export interface ConfigProblem {
  variable: string;
  message: string;
}

export class ConfigError extends Error {
  constructor(readonly problems: ConfigProblem[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  ${p.variable}: ${p.message}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

/** Hosts that may be checked although not public: those FETCH_ORIGIN_OVERRIDES routes (tests and demos). */
export const allowedHostsOf = (config: Pick<Config, 'fetchOriginOverrides'>): ReadonlySet<string> =>
  new Set(Object.keys(config.fetchOriginOverrides));

export function parseConfig(env: Record<string, string | undefined>): Config {
  const parsed = environmentSchema.safeParse(env);
  const table = tableSchema.safeParse(env);
  if (!parsed.success || !table.success) {
    throw new ConfigError(
      [...(parsed.error?.issues ?? []), ...(table.error?.issues ?? [])].map((issue) => ({
        variable: String(issue.path[0] ?? 'environment'),
        message: `${issue.message} (got ${JSON.stringify(env[String(issue.path[0])] ?? null)})`,
      })),
    );
  }
  const values = parsed.data;
  const tableValues = table.data as Record<string, unknown>;
  const text = (name: string) => tableValues[name] as string | undefined;

  const platforms = Object.fromEntries([
    ...ASSISTANTS.map((platform) => [
      platform.id,
      {
        apiKey: text(`${platform.env}_API_KEY`),
        baseUrl: (text(`${platform.env}_BASE_URL`) ?? platform.defaultBaseUrl).replace(/\/+$/, ''),
        model: text(`${platform.env}_MODEL`) ?? platform.defaultModel,
        webSearch: tableValues[`${platform.env}_WEB_SEARCH`] === 'on',
      },
    ]),
    ...SURFACES.map((platform) => [platform.id, surfaceConfig(platform, text)]),
  ]) as Record<PlatformId, PlatformConfig>;

  const publicBaseUrl = (values.PUBLIC_BASE_URL ?? `http://localhost:${values.PORT}`).replace(/\/+$/, '');
  return {
    port: values.PORT,
    publicBaseUrl,
    metrics: { workerPort: values.METRICS_PORT, apiPort: values.API_METRICS_PORT },
    temporal: {
      address: values.TEMPORAL_ADDRESS,
      namespace: values.TEMPORAL_NAMESPACE,
      taskQueue: values.TEMPORAL_TASK_QUEUE,
      deployment: {
        name: values.TEMPORAL_DEPLOYMENT_NAME ?? values.TEMPORAL_TASK_QUEUE,
        buildId: values.TEMPORAL_BUILD_ID ?? UNKNOWN_BUILD,
        setCurrent: values.TEMPORAL_SET_CURRENT_VERSION === 'on',
      },
    },
    mongodbUri: values.MONGODB_URI,
    redisUrl: values.REDIS_URL,
    trustProxy: values.TRUST_PROXY,
    rateLimits: Object.fromEntries(
      Object.entries(RATE_LIMITS).map(([operation, limit]) => [operation, tableValues[limit.env] as number]),
    ) as Record<RateLimitedOperation, number>,
    fetchOriginOverrides: values.FETCH_ORIGIN_OVERRIDES ?? {},
    platforms,
    prices: { ...DEFAULT_PRICES, ...values.PRICES },
    retrieval: {
      searxngUrl: values.SEARXNG_URL?.replace(/\/+$/, ''),
      brave: { apiKey: values.BRAVE_API_KEY, baseUrl: (values.BRAVE_BASE_URL ?? 'https://api.search.brave.com').replace(/\/+$/, '') },
    },
    platformRpm: Object.fromEntries(
      PLATFORMS.map((platform) => {
        const provider = platforms[platform.id].provider;
        return [
          platform.id,
          (tableValues[`${platform.env}_RPM`] as number | undefined) ??
            (provider ? PROVIDER_DEFAULT_RPM[provider] : DEFAULT_RPM[platform.id]),
        ];
      }),
    ) as Record<PlatformId, number>,
    platformRps: Object.fromEntries(
      PLATFORMS.flatMap((platform) =>
        tableValues[`${platform.env}_RPS`] === undefined ? [] : [[platform.id, tableValues[`${platform.env}_RPS`] as number]],
      ),
    ),
    platformConcurrency: values.PLATFORM_CONCURRENCY,
    fairnessWeights: values.FAIRNESS_WEIGHTS ?? {},
    analysis: values.ANALYSIS_PLATFORM ? { platformId: values.ANALYSIS_PLATFORM, model: values.ANALYSIS_MODEL } : undefined,
    brand: { questions: values.BRAND_QUESTIONS, runs: values.BRAND_RUNS },
    demand: demandConfig(text, values.DEMAND_RPM),
    article: { questions: values.ARTICLE_QUESTIONS },
    mcpCheckWaitMs: values.MCP_CHECK_WAIT_S * 1000,
    siteCheckDeadlineMs: values.SITE_CHECK_DEADLINE_S * 1000,
    mcpAllowedOrigins: values.MCP_ALLOWED_ORIGINS ?? [new URL(publicBaseUrl).origin],
    log: { level: values.LOG_LEVEL, format: values.LOG_FORMAT },
    snapshotCacheMb: values.SNAPSHOT_CACHE_MB,
    monitorsMax: values.MONITORS_MAX,
    dnsServers: values.DNS_SERVERS,
    crawlerLogs: { maxBytes: values.CRAWLER_LOG_MAX_MB * 1024 * 1024, maxLines: values.CRAWLER_LOG_MAX_LINES },
  };
}

/** DataForSEO's credentials and address for demand, whether or not it serves a surface. */
function demandConfig(text: (name: string) => string | undefined, rpm: number): Config['demand'] {
  const definition = SURFACE_PROVIDERS.dataforseo;
  const credentials = definition.credentials.map((name) => text(name));
  const baseUrl = (text(`${definition.env}_BASE_URL`) ?? definition.defaultBaseUrl).replace(/\/+$/, '');
  return credentials.every((value) => value !== undefined) ? { apiKey: credentials.join(':'), baseUrl, rpm } : { baseUrl, rpm };
}

/**
 * A surface's configuration: the provider chosen (<SURFACE>_PROVIDER, else the first of the surface's
 * providers whose credentials are all set), its base URL and product; no provider leaves it unconfigured.
 */
function surfaceConfig(platform: (typeof SURFACES)[number], text: (name: string) => string | undefined): PlatformConfig {
  const configured = (provider: SurfaceProvider) => SURFACE_PROVIDERS[provider].credentials.every((name) => text(name) !== undefined);
  const chosen = text(`${platform.env}_PROVIDER`) as SurfaceProvider | undefined;
  const provider = chosen && configured(chosen) ? chosen : platform.dialect.providers.find(configured);
  if (!provider) return { baseUrl: '', model: platform.defaultModel, webSearch: true };
  const definition = SURFACE_PROVIDERS[provider];
  return {
    provider,
    apiKey: definition.credentials.map((name) => text(name)).join(':'),
    baseUrl: (text(`${definition.env}_BASE_URL`) ?? definition.defaultBaseUrl).replace(/\/+$/, ''),
    model: surfaceModel(provider, platform.dialect.surface),
    // A surface is a search: there is no answering it from memory.
    webSearch: true,
  };
}
