import { loadConfig } from '../infra/load-config';
import { servicesDown, servicesStatus, servicesUp } from '../dev/local-stack';
import { makeThisBuildCurrent } from '../dev/local-stack/temporal';

const usage = 'usage: tsx scripts/services.ts up|down|status';

async function main(command: string | undefined): Promise<number> {
  const config = loadConfig();
  switch (command) {
    case 'up':
      await servicesUp(config);
      await makeThisBuildCurrent(config.temporal);
      return 0;
    case 'down':
      await servicesDown(config);
      return 0;
    case 'status':
      return (await servicesStatus(config)) ? 0 : 1;
    default:
      console.error(usage);
      return 2;
  }
}

main(process.argv[2]).then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(`[services] ${(error as Error).message}`);
    process.exit(1);
  },
);
