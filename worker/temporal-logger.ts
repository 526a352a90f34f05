import type { LogLevel, LogMetadata, Logger as TemporalLogger } from '@temporalio/worker';
import type { Logger } from '../infra/logger';

const METHOD = { TRACE: 'trace', DEBUG: 'debug', INFO: 'info', WARN: 'warn', ERROR: 'error' } as const;

/**
 * SDK lines that describe this service's design, not a fault, at the level they deserve here. A
 * worker process runs one activity-only worker per platform queue (create-worker.ts: a queue's rate
 * is its platform's budget), and the SDK warns once for each that it polls no workflow tasks: eight
 * warnings at every start that an operator would read as faults.
 */
const BY_DESIGN: Readonly<Record<string, LogLevel>> = {
  'No workflows registered, not polling for workflow tasks': 'DEBUG',
};

/** Sends the SDK's and Core's log lines to the service's pino logger. */
export function temporalLogger(logger: Logger): TemporalLogger {
  const log = (level: LogLevel, message: string, meta?: LogMetadata) => logger[METHOD[BY_DESIGN[message] ?? level]](meta ?? {}, message);
  return {
    log,
    trace: (message, meta) => log('TRACE', message, meta),
    debug: (message, meta) => log('DEBUG', message, meta),
    info: (message, meta) => log('INFO', message, meta),
    warn: (message, meta) => log('WARN', message, meta),
    error: (message, meta) => log('ERROR', message, meta),
  };
}
