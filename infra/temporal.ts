import { Client, Connection } from '@temporalio/client';
import type { Config } from '../domain/config';

/** A client whose connection is made on first use, so the gateway can start (and report 503) before Temporal. */
export function createTemporalClient(temporal: Config['temporal']): Client {
  const connection = Connection.lazy({ address: temporal.address });
  return new Client({ connection, namespace: temporal.namespace });
}
