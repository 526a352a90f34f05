import type { IncomingHttpHeaders } from 'node:http';
import type { Express } from 'express';
import request from 'supertest';
import { startHttpFixture, type HttpFixture } from '../../dev/http-fixture';

/** A site whose robots.txt and llms.txt a test changes between a monitor's runs. */
export interface ChangingSite {
  server: HttpFixture;
  robots: string;
  llms: string | undefined;
  close(): Promise<void>;
}

export const MONITORED_HOST = 'monitored.test';
export const HOOKS_HOST = 'hooks.test';

const HOME = `<!doctype html><html lang="en"><head><title>Monitored Widgets</title><meta name="description" content="Steel widgets for workshops."></head>
<body><main><h1>Monitored Widgets</h1><p>${'We make durable steel widgets for workshops and factories, shipped worldwide. '.repeat(20)}</p></main></body></html>`;

export async function startChangingSite(): Promise<ChangingSite> {
  const site: ChangingSite = {
    robots: 'User-agent: *\nAllow: /\n',
    llms: '# Monitored Widgets\n\n> Steel widgets.\n\n## Pages\n\n- [Home](https://monitored.test/): the home page\n',
    server: undefined as unknown as HttpFixture,
    close: () => site.server.close(),
  };
  site.server = await startHttpFixture((req, res) => {
    const path = (req.url ?? '/').split('?')[0];
    if (path === '/') return res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(HOME);
    if (path === '/robots.txt') return res.writeHead(200, { 'content-type': 'text/plain' }).end(site.robots);
    if (path === '/llms.txt' && site.llms) return res.writeHead(200, { 'content-type': 'text/plain' }).end(site.llms);
    res.writeHead(404, { 'content-type': 'text/html' }).end('<h1>Not found</h1>');
  });
  return site;
}

export interface Delivery {
  headers: IncomingHttpHeaders;
  body: string;
  /** The status the receiver answered. */
  status: number;
}

/** A webhook receiver that records every delivery; `status` is what it answers (set 503 to play "down"). */
export interface Receiver {
  server: HttpFixture;
  deliveries: Delivery[];
  status: number;
  close(): Promise<void>;
}

export async function startReceiver(): Promise<Receiver> {
  const receiver: Receiver = {
    deliveries: [],
    status: 204,
    server: undefined as unknown as HttpFixture,
    close: () => receiver.server.close(),
  };
  receiver.server = await startHttpFixture((req, res) => {
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => (body += chunk));
    req.on('end', () => {
      receiver.deliveries.push({ headers: req.headers, body, status: receiver.status });
      res.writeHead(receiver.status).end();
    });
  });
  return receiver;
}

/** Polls until `check` returns something defined, or fails after `timeoutMs`. */
export async function eventually<T>(check: () => Promise<T | undefined>, timeoutMs = 60_000, what = 'the condition'): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 300));
  }
}

/** A monitor's public trend, read as a client would. */
export async function trendOf<T extends { runs: unknown[] }>(app: Express, id: string): Promise<T> {
  return (await request(app).get(`/api/v1/monitors/${id}/trend`).expect(200)).body as T;
}

/** The trend once the monitor has at least `count` runs. */
export function trendWithRuns<T extends { runs: unknown[] }>(app: Express, id: string, count: number, timeoutMs: number): Promise<T> {
  return eventually(
    async () => {
      const current = await trendOf<T>(app, id);
      return current.runs.length >= count ? current : undefined;
    },
    timeoutMs,
    `${count} runs`,
  );
}
