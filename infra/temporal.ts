import { Client, Connection } from '@temporalio/client';
import type { Config } from '../domain/shared/config';
import { temporalConnectConfig } from './temporal-connect-config';

/** A client whose connection is made on first use, so the gateway can start (and report 503) before Temporal. */
export function createTemporalClient(temporal: Config['temporal']): Client {
  const { connectionOptions, namespace } = temporalConnectConfig(temporal);
  const connection = Connection.lazy(connectionOptions);
  return new Client({ connection, namespace });
}
