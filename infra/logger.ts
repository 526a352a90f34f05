import pino, { type Logger } from 'pino';
import type { Config } from '../domain/shared/config';

export type { Logger };

export function createLogger(log: Config['log'], name: string): Logger {
  return pino({
    name,
    level: log.level,
    // Never let a credential reach the logs.
    redact: ['*.apiKey', '*.authorization', 'req.headers.authorization'],
    ...(log.format === 'pretty'
      ? {
          transport: {
            target: 'pino-pretty',
            options: { colorize: true, singleLine: true, translateTime: 'HH:MM:ss.l', ignore: 'pid,hostname' },
          },
        }
      : {}),
  });
}
