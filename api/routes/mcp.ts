import { toNodeHandler } from '@modelcontextprotocol/node';
import { createMcpHandler, validateOriginHeader } from '@modelcontextprotocol/server';
import { Router, type RequestHandler } from 'express';
import { clientKey } from '../../domain/shared/client-key';
import type { Logger } from '../../infra/logger';
import { buildMcpServer } from '../mcp-server/server';
import type { McpDependencies } from '../mcp-server/dependencies';

/** Tool calls are small JSON-RPC messages: a domain, an id or a limit. */
export const MCP_MAX_BODY_BYTES = 64 * 1024;

/** What the Streamable HTTP transport answers with: JSON, or an event stream. */
const ANSWER_TYPES = ['application/json', 'text/event-stream'];

/** Whether an Accept header lets a response of this media type through (RFC 9110, 12.5.1); no header accepts anything. */
function accepts(accept: string | undefined, type: string): boolean {
  if (!accept?.trim()) return true;
  const wildcard = `${type.split('/')[0]}/*`;
  return accept.split(',').some((item) => {
    const [range, ...parameters] = item.split(';').map((part) => part.trim().toLowerCase());
    const refused = parameters.some((parameter) => /^q=0(\.0{0,3})?$/.test(parameter));
    return !refused && (range === type || range === wildcard || range === '*/*');
  });
}

/**
 * /api/mcp: the MCP endpoint, stateless Streamable HTTP (any gateway instance answers any request).
 * The SDK answers protocol errors as JSON-RPC errors and a body over the cap with 413; it reads the
 * body itself, so no JSON parser runs before it.
 */
export function mcpRoutes(deps: McpDependencies, allowedOrigins: readonly string[], logger: Logger): Router {
  const router = Router();
  // The transport spec: a server MUST validate Origin, or a web page could reach a gateway on a
  // developer's machine through DNS rebinding. Browsers send Origin; MCP clients do not, and pass.
  const allowedHostnames = allowedOrigins.map((origin) => new URL(origin).hostname);
  const checkOrigin: RequestHandler = (req, res, next) => {
    const verdict = validateOriginHeader(req.headers.origin, allowedHostnames);
    if (verdict.ok) return next();
    res.status(403).json({ jsonrpc: '2.0', error: { code: -32000, message: `Forbidden: ${verdict.message}` }, id: null });
  };
  // The SDK transport refuses (406) an Accept that does not name both of its answer types; one that
  // accepts both by RFC 9110 (none at all, */*, text/*) gets them named, so curl and plain HTTP clients are served.
  const acceptBoth: RequestHandler = (req, _res, next) => {
    if (ANSWER_TYPES.every((type) => accepts(req.headers.accept, type))) req.headers.accept = ANSWER_TYPES.join(', ');
    next();
  };
  const onerror = (error: Error) => logger.warn({ err: error }, 'mcp request rejected');
  const handle: RequestHandler = async (req, res) => {
    // The server is built per request with the caller's rate-limit key, as the stateless pattern asks.
    const client = clientKey(req.ip);
    const handler = createMcpHandler(() => buildMcpServer(deps, client), { maxRequestBodySize: MCP_MAX_BODY_BYTES, onerror });
    await toNodeHandler(handler, { maxRequestBodySize: MCP_MAX_BODY_BYTES, onerror })(req, res);
  };
  // POST only: a stateless server has no stream to open (GET) or session to end (DELETE); those and
  // any other method get the gateway's 405 with Allow.
  router.post('/api/mcp', checkOrigin, acceptBoth, handle);
  return router;
}
