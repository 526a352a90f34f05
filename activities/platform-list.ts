import { PLATFORMS, type RunPlatform } from '../domain/shared/platforms';

/** The platforms this deployment asks, as a local activity, so that a run records its list in its history. */
export function createListPlatforms() {
  return async function listPlatforms(): Promise<RunPlatform[]> {
    return PLATFORMS.map(({ id, name }) => ({ id, name }));
  };
}
