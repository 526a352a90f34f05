import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export type Handler = (req: IncomingMessage, res: ServerResponse) => void;

export interface HttpFixture {
  origin: string;
  port: number;
  /** Requests received, in order: method, path, Host and User-Agent headers. */
  requests: { method: string; path: string; host?: string; userAgent?: string }[];
  close(): Promise<void>;
}

/** A real HTTP server on loopback that plays someone else's site (or platform) in tests. */
export async function startHttpFixture(handler: Handler): Promise<HttpFixture> {
  const requests: HttpFixture['requests'] = [];
  const server: Server = createServer((req, res) => {
    requests.push({ method: req.method ?? 'GET', path: req.url ?? '/', host: req.headers.host, userAgent: req.headers['user-agent'] });
    handler(req, res);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    port,
    requests,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** Route table helper: path → handler, 404 otherwise. */
export function routes(table: Record<string, Handler>): Handler {
  return (req, res) => {
    const path = (req.url ?? '/').split('?')[0]!;
    const handler = table[path];
    if (handler) return handler(req, res);
    res.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
  };
}

export const send =
  (status: number, body: string | Buffer, headers: Record<string, string> = { 'content-type': 'text/html; charset=utf-8' }): Handler =>
  (_req, res) => {
    res.writeHead(status, headers).end(body);
  };
