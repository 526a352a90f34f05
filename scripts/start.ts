import concurrently from 'concurrently';
import { loadConfig } from '../infra/load-config';
import { LOCAL_REDIS_URL, servicesUp } from '../dev/local-stack';
import { makeThisBuildCurrent } from '../dev/local-stack/temporal';
import { ROOT } from '../dev/local-stack/paths';

/** `npm start`: the local services, then the worker and the API in one terminal; Ctrl-C stops both. */
async function main(): Promise<number> {
  const config = loadConfig();
  const outcomes = await servicesUp(config);
  await makeThisBuildCurrent(config.temporal);

  const env: NodeJS.ProcessEnv = {
    LOG_FORMAT: process.env.LOG_FORMAT ?? 'pretty',
    // With REDIS_URL unset the gateway would count in process; use the Redis the stack brought up.
    REDIS_URL: process.env.REDIS_URL ?? (outcomes.redis === 'unavailable' ? undefined : LOCAL_REDIS_URL),
  };
  // exec: the signal reaches node itself, not a shell in between.
  const node = `exec "${process.execPath}" --import tsx`;
  console.log(
    `[start] API ${config.publicBaseUrl} · Temporal UI http://${config.temporal.address.replace(/:\d+$/, '')}:${Number(config.temporal.address.split(':').pop()) + 1000} · Ctrl-C stops the worker and the API (services keep running: npm run services:down)`,
  );
  const { result, commands } = concurrently(
    [
      { command: `${node} worker/main.ts`, name: 'worker', prefixColor: 'cyan', env },
      { command: `${node} api/main.ts`, name: 'api', prefixColor: 'green', env },
    ],
    { cwd: ROOT, prefix: 'name', killOthersOn: ['failure', 'success'], killSignal: 'SIGTERM' },
  );
  // Ctrl-C reaches the children from the terminal too; a signal sent to this process alone must stop them as well.
  const stop = () => commands.forEach((command) => command.kill('SIGTERM'));
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
  return result.then(
    () => 0,
    () => 1,
  );
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(`[start] ${(error as Error).message}`);
    process.exit(1);
  },
);
