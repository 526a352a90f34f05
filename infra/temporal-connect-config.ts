import { loadClientConnectConfig } from '@temporalio/envconfig';
import type { Config } from '../domain/shared/config';

/**
 * How to reach Temporal, from Temporal's standard client configuration: the TEMPORAL_* environment
 * (TEMPORAL_API_KEY, TEMPORAL_TLS, TEMPORAL_TLS_CLIENT_CERT_PATH …, TEMPORAL_PROFILE) and the profile
 * file (TEMPORAL_CONFIG_FILE, else ~/.config/temporalio/temporal.toml), as every Temporal SDK and the
 * CLI read it, so Temporal Cloud needs no settings of the service's own. The service's
 * TEMPORAL_ADDRESS and TEMPORAL_NAMESPACE (domain/shared/config.ts) win when set; when unset, a profile's
 * address and namespace do, and only then the local defaults.
 */
export function temporalConnectConfig(temporal: Config['temporal'], env: NodeJS.ProcessEnv = process.env) {
  const standard = loadClientConnectConfig({ overrideEnvVars: definedOnly(env) });
  return {
    connectionOptions: {
      ...standard.connectionOptions,
      address: env.TEMPORAL_ADDRESS ? temporal.address : (standard.connectionOptions.address ?? temporal.address),
    },
    namespace: env.TEMPORAL_NAMESPACE ? temporal.namespace : (standard.namespace ?? temporal.namespace),
  };
}

function definedOnly(env: NodeJS.ProcessEnv): Record<string, string> {
  return Object.fromEntries(Object.entries(env).filter((entry): entry is [string, string] => entry[1] !== undefined));
}
