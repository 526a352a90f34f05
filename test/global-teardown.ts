import { rmSync } from 'node:fs';

/** The services stay up for the next run (`npm run services:down` stops them); the run's bundle goes. */
export default function globalTeardown(): void {
  if (process.env.TEST_WORKFLOW_BUNDLE) rmSync(process.env.TEST_WORKFLOW_BUNDLE, { force: true });
}
