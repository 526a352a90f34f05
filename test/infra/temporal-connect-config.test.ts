import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseConfig } from '../../domain/shared/config';
import { createTemporalClient } from '../../infra/temporal';
import { temporalConnectConfig } from '../../infra/temporal-connect-config';

const profileFile = () => {
  const file = join(mkdtempSync(join(tmpdir(), 'temporal-')), 'temporal.toml');
  writeFileSync(file, '[profile.default]\naddress = "acme.a1b2c.tmprl.cloud:7233"\nnamespace = "acme.a1b2c"\napi_key = "from-file"\n');
  return file;
};
const settings = (env: Record<string, string>) => temporalConnectConfig(parseConfig(env).temporal, env);

describe("Temporal's standard client configuration", () => {
  test('nothing set: the local dev server and the default namespace, no TLS', () => {
    const { connectionOptions, namespace } = settings({ TEMPORAL_CONFIG_FILE: join(tmpdir(), 'no-such-temporal.toml') });
    expect(connectionOptions.address).toBe('127.0.0.1:7233');
    expect(namespace).toBe('default');
    expect(connectionOptions.apiKey).toBeUndefined();
    expect(connectionOptions.tls).toBeFalsy();
  });

  test('Temporal Cloud from the environment: address, namespace and API key, TLS on', () => {
    const { connectionOptions, namespace } = settings({
      TEMPORAL_CONFIG_FILE: join(tmpdir(), 'no-such-temporal.toml'),
      TEMPORAL_ADDRESS: 'eu-west-1.aws.api.temporal.io:7233',
      TEMPORAL_NAMESPACE: 'acme.a1b2c',
      TEMPORAL_API_KEY: 'secret-key',
    });
    expect(connectionOptions).toMatchObject({ address: 'eu-west-1.aws.api.temporal.io:7233', apiKey: 'secret-key' });
    expect(connectionOptions.tls).toBeTruthy();
    expect(namespace).toBe('acme.a1b2c');
  });

  test('a profile file gives address, namespace and key; TEMPORAL_ADDRESS and TEMPORAL_NAMESPACE still win', () => {
    const file = profileFile();
    expect(settings({ TEMPORAL_CONFIG_FILE: file })).toMatchObject({
      connectionOptions: { address: 'acme.a1b2c.tmprl.cloud:7233', apiKey: 'from-file' },
      namespace: 'acme.a1b2c',
    });
    expect(settings({ TEMPORAL_CONFIG_FILE: file, TEMPORAL_ADDRESS: '127.0.0.1:7233', TEMPORAL_NAMESPACE: 'default' })).toMatchObject({
      connectionOptions: { address: '127.0.0.1:7233' },
      namespace: 'default',
    });
  });

  test('the gateway client reaches the running dev server through it', async () => {
    const config = parseConfig(process.env).temporal;
    const client = createTemporalClient(config);
    try {
      await client.connection.ensureConnected();
      const { namespaceInfo } = await client.workflowService.describeNamespace({ namespace: config.namespace });
      expect(namespaceInfo?.name).toBe(config.namespace);
    } finally {
      await client.connection.close();
    }
  });
});
