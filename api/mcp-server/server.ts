import { McpServer } from '@modelcontextprotocol/server';
import type { McpDependencies } from './dependencies';
import { registerTools } from './tools';

/**
 * One MCP server per request (stateless: any gateway instance answers any request), with the tools of
 * tools/index.ts. `client` is the caller's rate-limit key.
 */
export function buildMcpServer(deps: McpDependencies, client: string): McpServer {
  const server = new McpServer({ name: 'ai-visibility-check', title: 'AI visibility check', version: '1.0.0' });
  registerTools(server, { ...deps, client });
  return server;
}
