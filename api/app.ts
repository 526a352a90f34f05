import express, { type ErrorRequestHandler, type Express } from 'express';
import type { Logger } from '../infra/logger';
import { checkHealth, type HealthProbes } from './health';

export interface AppDependencies {
  health: HealthProbes;
  logger: Logger;
  trustProxy?: boolean | number | string[];
}

/** The gateway as an Express app; main.ts gives it a port, tests use it as it is. */
export function createApp({ health, logger, trustProxy }: AppDependencies): Express {
  const app = express();
  app.disable('x-powered-by');
  app.set('trust proxy', trustProxy ?? false);

  app.get('/healthz', async (_req, res) => {
    const states = await checkHealth(health);
    const failing = Object.entries(states).filter(([, state]) => state === 'down').map(([name]) => name);
    res.set('Cache-Control', 'no-store');
    if (failing.length === 0) {
      res.json({ status: 'ok', ...states });
    } else {
      res.status(503).json({ status: 'unavailable', ...states, error: `not answering: ${failing.join(', ')}` });
    }
  });

  app.use((_req, res) => {
    res.status(404).json({ error: 'not found' });
  });

  // Never a stack trace, host name or credential in a response: those go to the log.
  const onError: ErrorRequestHandler = (error: unknown, req, res, _next) => {
    logger.error({ err: error, method: req.method, path: req.path }, 'request failed');
    if (res.headersSent) return res.end();
    res.status(500).json({ error: 'internal error' });
  };
  app.use(onError);
  return app;
}
