import { ConfigError, parseConfig, type Config } from '../domain/shared/config';
import { thisBuildId } from './service-version';

/** Reads the environment once; a bad value stops the process with a message naming the variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  try {
    return parseConfig(withBuildId(env));
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`${error.message}\n`);
      process.exit(1);
    }
    throw error;
  }
}

/** The environment with this build's id as TEMPORAL_BUILD_ID's default. */
export function withBuildId(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  return { TEMPORAL_BUILD_ID: thisBuildId(env), ...env };
}
