import type { PlatformConfig } from './config';
import {
  ASSISTANTS,
  isSurface,
  PLATFORMS,
  platformTimeoutMs,
  SURFACES,
  type PlatformDefinition,
  type PlatformId,
  type RunPlatform,
} from './platforms';
import { surfaceSetting } from './surface-providers';

/**
 * Which platforms a check asks (docs/surfaces.md): the site check
 * the five assistants of SPEC's memory[]; a brand diagnosis, an article check or a monitor every
 * assistant and every configured surface, or the platforms the request names.
 */
export type PlatformChoice = { scope: 'assistants' } | { scope: 'survey'; requested?: readonly string[] };

type Configs = Record<PlatformId, Pick<PlatformConfig, 'apiKey'>>;

export function choosePlatforms(configs: Configs, choice: PlatformChoice = { scope: 'assistants' }): RunPlatform[] {
  const chosen =
    choice.scope === 'assistants'
      ? ASSISTANTS
      : choice.requested?.length
        ? PLATFORMS.filter((platform) => choice.requested!.includes(platform.id))
        : [...ASSISTANTS, ...SURFACES.filter((platform) => configs[platform.id].apiKey)];
  return chosen.map((platform) => ({ id: platform.id, name: platform.name, timeoutMs: platformTimeoutMs(platform) }));
}

/** Why a request's `platforms` cannot be asked, naming each id: unknown, or not configured here; undefined when all can. */
export function refusedPlatforms(configs: Configs, requested: readonly string[]): string | undefined {
  const unknown = requested.filter((id) => !PLATFORMS.some((platform) => platform.id === id));
  if (unknown.length > 0)
    return `unknown platform${unknown.length > 1 ? 's' : ''} ${unknown.map((id) => `"${id}"`).join(', ')}: choose from ${PLATFORMS.map((platform) => platform.id).join(', ')}`;
  const unconfigured = requested.filter((id) => !configs[id as PlatformId].apiKey);
  if (unconfigured.length > 0)
    return `platform${unconfigured.length > 1 ? 's' : ''} ${unconfigured.map((id) => `"${id}"`).join(', ')} not configured on this service`;
  return undefined;
}

/** What configures a platform: "set OPENAI_API_KEY", "set SERPAPI_API_KEY, or DATAFORSEO_LOGIN and DATAFORSEO_PASSWORD". */
export function platformSetting(platform: PlatformDefinition): string {
  return isSurface(platform) ? surfaceSetting(platform.dialect.providers) : `set ${platform.env}_API_KEY`;
}

/** A platform as a form offers it: a request may name it when it is configured; otherwise, what would configure it. */
export interface OfferedPlatform extends RunPlatform {
  surface: boolean;
  configured: boolean;
  /** For one that is not configured: the setting an operator would add. */
  setting?: string;
}

/** Every platform in the registry's order, each saying whether a request may name it here (refusedPlatforms' rule). */
export function offeredPlatforms(configs: Configs): OfferedPlatform[] {
  return PLATFORMS.map((platform) => {
    const configured = Boolean(configs[platform.id].apiKey);
    return {
      id: platform.id,
      name: platform.name,
      surface: isSurface(platform),
      configured,
      ...(configured ? {} : { setting: platformSetting(platform) }),
    };
  });
}
