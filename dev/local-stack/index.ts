import { setTimeout as sleep } from 'node:timers/promises';
import type { Config } from '../../domain/shared/config';
import { mongodbService } from './mongodb';
import { isAlive, logFile, logTail, runningPid, startDetached, stopDetached } from './processes';
import { redisService } from './redis';
import { isLoopback, type LocalService } from './service';
import { temporalService } from './temporal';

/** Where the local stack runs Redis when REDIS_URL is unset (tests and `npm start` use it). */
export const LOCAL_REDIS_URL = 'redis://127.0.0.1:6379';

export function localServices(config: Config): LocalService[] {
  return [temporalService(config.temporal), mongodbService(config.mongodbUri), redisService(config.redisUrl ?? LOCAL_REDIS_URL)];
}

const READY_TIMEOUT_MS = 90_000;

async function answers(service: LocalService): Promise<boolean> {
  try {
    await service.probe();
    return true;
  } catch {
    return false;
  }
}

export type UpOutcome = 'already running' | 'started' | 'unavailable';

/** Starts one service unless it answers, waits until it does, then runs its set-up. */
export async function bringUp(service: LocalService): Promise<UpOutcome> {
  let outcome: UpOutcome = 'already running';
  if (!(await answers(service))) {
    if (!isLoopback(service.host)) {
      throw new Error(`${service.label} does not answer; ${service.variable} points at it, so services:up does not start it`);
    }
    const binary = await service.install();
    const pid = startDetached(service.name, binary, service.args(), service.env);
    const deadline = Date.now() + READY_TIMEOUT_MS;
    while (!(await answers(service))) {
      if (!isAlive(pid)) throw new Error(`${service.label} exited while starting. Log ${logFile(service.name)}:\n${logTail(service.name)}`);
      if (Date.now() > deadline)
        throw new Error(`${service.label} did not answer within ${READY_TIMEOUT_MS / 1000} s. Log:\n${logTail(service.name)}`);
      await sleep(250);
    }
    outcome = 'started';
  }
  await service.afterReady?.();
  return outcome;
}

/** Idempotent: starts whatever is not running yet and resolves once every service answers. */
export async function servicesUp(config: Config): Promise<Record<string, UpOutcome>> {
  const services = localServices(config);
  const results = await Promise.allSettled(services.map(bringUp));
  const outcomes: Record<string, UpOutcome> = {};
  const failures: string[] = [];
  results.forEach((result, index) => {
    const service = services[index]!;
    if (result.status === 'fulfilled') {
      outcomes[service.name] = result.value;
      console.log(`[services] ${service.label}: ${result.value}`);
    } else if (service.optional) {
      outcomes[service.name] = 'unavailable';
      console.warn(`[services] ${service.label}: unavailable (${(result.reason as Error).message}); continuing without it`);
    } else {
      failures.push(`${service.label}: ${(result.reason as Error).message}`);
    }
  });
  if (failures.length > 0) throw new Error(failures.join('\n'));
  return outcomes;
}

/** Stops what services:up started, and nothing else. */
export async function servicesDown(config: Config): Promise<void> {
  for (const service of localServices(config)) {
    const outcome = await stopDetached(service.name);
    console.log(`[services] ${service.label}: ${outcome === 'stopped' ? 'stopped' : 'was not started by services:up'}`);
  }
}

export async function servicesStatus(config: Config): Promise<boolean> {
  let allUp = true;
  for (const service of localServices(config)) {
    const up = await answers(service);
    allUp &&= up || service.optional;
    const owner = runningPid(service.name) ? `started by services:up, log ${logFile(service.name)}` : 'not started by services:up';
    console.log(`[services] ${service.label}: ${up ? 'up' : 'down'} (${owner})`);
  }
  return allUp;
}
