import { z } from 'zod';
import type { PlatformConfig } from '../domain/shared/config';
import { isSurface, type PlatformDefinition, type SurfaceProvider } from '../domain/shared/platforms';
import { SURFACE_PROVIDERS } from '../domain/shared/surface-providers';
import { platformSetting } from '../domain/shared/platform-choice';
import { PROTOCOLS } from './platforms/protocols';

/**
 * Is a platform usable as configured? Its vendor's model list says whether the configured model is
 * still served (docs/platforms.md). The worker logs what this finds once
 * at start; /healthz shows it, and never fails because of it.
 */

export type PlatformState = 'ok' | 'no key' | 'model unknown' | 'unreachable';

export interface PlatformStatus {
  state: PlatformState;
  /** Why, in a sentence an operator can act on: a missing or retiring model names the setting to change. */
  detail?: string;
  /** A surface's SERP-API provider, when one is configured. */
  provider?: SurfaceProvider;
}

// The vendors' list shapes: OpenAI, Perplexity and DeepSeek {data:[{id, shutdown_date?}]}, Anthropic
// {data:[{id, lifecycle?, retires_at?}]}, Gemini {models:[{name:"models/…"}]}.
const modelListSchema = z.object({
  data: z
    .array(
      z.looseObject({
        id: z.string(),
        shutdown_date: z.string().nullish(),
        lifecycle: z.string().nullish(),
        retires_at: z.string().nullish(),
      }),
    )
    .optional(),
  models: z.array(z.looseObject({ name: z.string() })).optional(),
});

interface ListedModel {
  id: string;
  /** When it stops being served, if the vendor says. */
  retiresAt?: string;
  retired: boolean;
}

const LIST_TIMEOUT_MS = 5_000;

export async function checkPlatformModel(platform: PlatformDefinition, config: PlatformConfig, now = new Date()): Promise<PlatformStatus> {
  if (isSurface(platform)) {
    // A surface has no model list: it is configured by its provider's key, which its first answer tries.
    if (!config.provider) return { state: 'no key', detail: platformSetting(platform) };
    return { state: 'ok', provider: config.provider, detail: `through ${SURFACE_PROVIDERS[config.provider].name}` };
  }
  if (!config.apiKey) return { state: 'no key', detail: platformSetting(platform) };
  let models: ListedModel[];
  try {
    models = await listModels(platform, config);
  } catch (error) {
    return { state: 'unreachable', detail: error instanceof Error ? error.message : String(error) };
  }
  const listed = models.find((model) => model.id === config.model);
  const retired = listed?.retired || (listed?.retiresAt !== undefined && Date.parse(listed.retiresAt) <= now.getTime());
  if (!listed || retired)
    return {
      state: 'model unknown',
      detail: `${platform.name} does not list "${config.model}"${retired ? ' as served any more' : ''}: set ${platform.env}_MODEL to a current model`,
    };
  if (listed.retiresAt)
    return { state: 'ok', detail: `"${config.model}" retires on ${listed.retiresAt.slice(0, 10)}: set ${platform.env}_MODEL before then` };
  return { state: 'ok' };
}

async function listModels(platform: PlatformDefinition, config: PlatformConfig): Promise<ListedModel[]> {
  const url = new URL(`${config.baseUrl}${platform.modelsPath}`);
  const response = await fetch(url, {
    headers: PROTOCOLS[platform.dialect.protocol].credentials(config.apiKey!),
    signal: AbortSignal.timeout(LIST_TIMEOUT_MS),
  });
  if (!response.ok) throw new Error(`${platform.name}'s model list answered HTTP ${response.status}`);
  const parsed = modelListSchema.safeParse(await response.json());
  if (!parsed.success) throw new Error(`${platform.name}'s model list is not in a known shape`);
  const { data = [], models = [] } = parsed.data;
  return [
    ...data.map((model) => ({
      id: model.id,
      retiresAt: model.shutdown_date ?? model.retires_at ?? undefined,
      retired: model.lifecycle === 'retired',
    })),
    ...models.map((model) => ({ id: model.name.replace(/^models\//, ''), retired: false })),
  ];
}

export type PlatformStatuses = Record<string, PlatformStatus>;

/**
 * Every platform's status, checked at most once per `ttlMs` (the gateway's /healthz asks often; the
 * vendors' lists change seldom). Concurrent callers share one check.
 */
export function platformStatusCache(
  platforms: readonly PlatformDefinition[],
  configs: Record<string, PlatformConfig>,
  ttlMs = 10 * 60_000,
): () => Promise<PlatformStatuses> {
  let cached: { at: number; statuses: Promise<PlatformStatuses> } | undefined;
  return () => {
    if (!cached || Date.now() - cached.at > ttlMs) {
      const statuses = Promise.all(
        platforms.map(async (platform) => [platform.id, await checkPlatformModel(platform, configs[platform.id]!)] as const),
      ).then(Object.fromEntries<PlatformStatus>);
      cached = { at: Date.now(), statuses };
    }
    return cached.statuses;
  };
}
