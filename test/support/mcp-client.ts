import { Client, InMemoryTransport } from '@modelcontextprotocol/client';
import { allowedHostsOf } from '../../domain/shared/config';
import { clientKey } from '../../domain/shared/client-key';
import { buildMcpServer } from '../../api/mcp-server/server';
import type { McpDependencies } from '../../api/mcp-server/dependencies';
import { createRateLimits } from '../../infra/rate-limits';
import type { TestGateway } from './gateway';
import { uniqueName } from './names';

/**
 * The SDK's own Client connected to the MCP server the endpoint builds per request, through the SDK's
 * in-memory transport (InMemoryTransport.createLinkedPair): the tools over the real stack, without HTTP.
 * The caller is 127.0.0.1, with rate limits of its own.
 */
export async function connectInMemory(gateway: TestGateway, options: Partial<Pick<McpDependencies, 'checkWaitMs'>> = {}): Promise<Client> {
  const { config } = gateway;
  const deps: McpDependencies = {
    checks: gateway.checks,
    store: gateway.temporal.store,
    monitors: gateway.monitors,
    rateLimits: createRateLimits(config.rateLimits, gateway.redis, uniqueName('rl')),
    allowedHosts: allowedHostsOf(config),
    publicBaseUrl: config.publicBaseUrl,
    checkWaitMs: options.checkWaitMs ?? config.mcpCheckWaitMs,
    checkSitePerHour: config.rateLimits.mcpCheckSite,
  };
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  await buildMcpServer(deps, clientKey('127.0.0.1')).connect(serverSide);
  const client = new Client({ name: 'aivis-test', version: '1.0.0' });
  await client.connect(clientSide);
  return client;
}
