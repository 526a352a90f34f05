import type { AddressInfo } from 'node:net';
import type { Express } from 'express';
import { createParser } from 'eventsource-parser';

export interface SseResponse {
  status: number;
  headers: Headers;
  /** Parsed `data:` payloads, in order (JSON bodies for non-stream responses go to `json`). */
  events: Record<string, unknown>[];
  json?: unknown;
}

/** POSTs to an app listening on loopback and reads its answer as a real SSE client would. */
export function postForEvents(app: Express, path: string, body: unknown, headers: Record<string, string> = {}): Promise<SseResponse> {
  return requestEvents(app, path, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
}

/** GETs an event stream, as EventSource does. */
export function getForEvents(app: Express, path: string): Promise<SseResponse> {
  return requestEvents(app, path, { method: 'GET' });
}

async function requestEvents(app: Express, path: string, init: RequestInit): Promise<SseResponse> {
  const server = app.listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  try {
    const { port } = server.address() as AddressInfo;
    const response = await fetch(`http://127.0.0.1:${port}${path}`, {
      ...init,
      headers: { accept: 'text/event-stream', ...(init.headers as Record<string, string>) },
    });
    if (!response.headers.get('content-type')?.startsWith('text/event-stream')) {
      return { status: response.status, headers: response.headers, events: [], json: await response.json() };
    }
    const events: Record<string, unknown>[] = [];
    const parser = createParser({ onEvent: (event) => events.push(JSON.parse(event.data) as Record<string, unknown>) });
    const decoder = new TextDecoder();
    for await (const chunk of response.body!) parser.feed(decoder.decode(chunk as Uint8Array, { stream: true }));
    return { status: response.status, headers: response.headers, events };
  } finally {
    server.closeAllConnections();
    server.close();
  }
}
