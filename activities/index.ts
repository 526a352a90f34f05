import type { Config } from '../domain/config';
import { createNormaliseTarget } from './normalise-target';

export interface ActivityDependencies {
  config: Config;
}

/** Builds the activities with their dependencies, as the worker registers them. */
export function createActivities({ config }: ActivityDependencies) {
  return {
    normaliseCheckTarget: createNormaliseTarget(new Set(Object.keys(config.fetchOriginOverrides))),
  };
}

export type Activities = ReturnType<typeof createActivities>;
