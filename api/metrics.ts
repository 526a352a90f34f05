import type { RequestHandler } from 'express';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';

/** What the gateway's metrics read from the rest of the app when scraped. */
export interface StreamCounts {
  /** Viewers with a Server-Sent Events stream open. */
  viewers: number;
  /** Checks followed for those viewers (one Temporal poller each). */
  following: number;
}

/**
 * The gateway's Prometheus metrics (docs/operations.md, "Metrics"): requests by route and status with their
 * latency, open event streams, and the process's own (CPU, memory, event-loop lag). One registry per
 * app, so that several apps in one process (the tests) never share counts.
 */
export class ApiMetrics {
  readonly registry = new Registry();
  private readonly requests = new Counter({
    name: 'http_requests_total',
    help: 'HTTP requests answered, by method, route and status',
    labelNames: ['method', 'route', 'status'] as const,
    registers: [this.registry],
  });
  private readonly duration = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time to answer an HTTP request, by method, route and status (a stream counts until it ends)',
    labelNames: ['method', 'route', 'status'] as const,
    // A synchronous check (POST /api/v1/check) takes 40–100 s; pages take milliseconds.
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 120, 300],
    registers: [this.registry],
  });

  private streams: () => StreamCounts = () => ({ viewers: 0, following: 0 });

  constructor() {
    collectDefaultMetrics({ register: this.registry });
    const streams = () => this.streams();
    new Gauge({
      name: 'aivis_sse_streams_open',
      help: 'Server-Sent Events streams open to viewers of checks',
      registers: [this.registry],
      collect() {
        this.set(streams().viewers);
      },
    });
    new Gauge({
      name: 'aivis_sse_checks_followed',
      help: 'Checks whose progress the gateway follows for the open streams',
      registers: [this.registry],
      collect() {
        this.set(streams().following);
      },
    });
  }

  /** Where the stream gauges read their values when scraped. */
  watchStreams(streams: () => StreamCounts): void {
    this.streams = streams;
  }

  /** Counts every request once answered, under its route's pattern (never its path: ids would make a series each). */
  readonly record: RequestHandler = (req, res, next) => {
    const stop = this.duration.startTimer();
    res.once('close', () => {
      const route = req.route ? `${req.baseUrl}${String((req.route as { path: unknown }).path)}` : 'unmatched';
      const labels = { method: req.method, route, status: String(res.statusCode) };
      this.requests.inc(labels);
      stop(labels);
    });
    next();
  };

  /** GET /metrics: the Prometheus text format. */
  readonly serve: RequestHandler = async (_req, res) => {
    const body = await this.registry.metrics();
    res.set('Content-Type', this.registry.contentType).set('Cache-Control', 'no-store').send(body);
  };
}
