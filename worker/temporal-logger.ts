import type { LogLevel, LogMetadata, Logger as TemporalLogger } from '@temporalio/worker';
import type { Logger } from '../infra/logger';

const METHOD = { TRACE: 'trace', DEBUG: 'debug', INFO: 'info', WARN: 'warn', ERROR: 'error' } as const;

/** Sends the SDK's and Core's log lines to the service's pino logger. */
export function temporalLogger(logger: Logger): TemporalLogger {
  const log = (level: LogLevel, message: string, meta?: LogMetadata) => logger[METHOD[level]](meta ?? {}, message);
  return {
    log,
    trace: (message, meta) => log('TRACE', message, meta),
    debug: (message, meta) => log('DEBUG', message, meta),
    info: (message, meta) => log('INFO', message, meta),
    warn: (message, meta) => log('WARN', message, meta),
    error: (message, meta) => log('ERROR', message, meta),
  };
}
