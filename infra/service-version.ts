import { execFileSync } from 'node:child_process';
import manifest from '../package.json';
import { UNKNOWN_BUILD } from '../domain/shared/config';

/** What runs, as /healthz reports it: the service's release (package.json) and the Node.js it runs on. */
export const runtimeVersions = { node: process.version, version: manifest.version } as const;

/**
 * This build's id, as its workers declare it to Temporal: the release and the commit, `0.1.0+3f2c9a1d7e4b`.
 * The commit is GIT_COMMIT (the image's build argument) or, in a checkout, git's HEAD.
 */
export function thisBuildId(env: NodeJS.ProcessEnv = process.env): string {
  return `${manifest.version}+${env.GIT_COMMIT?.trim() || headCommit() || UNKNOWN_BUILD}`;
}

function headCommit(): string | undefined {
  try {
    return (
      execFileSync('git', ['rev-parse', '--short=12', 'HEAD'], {
        cwd: __dirname,
        stdio: ['ignore', 'pipe', 'ignore'],
        encoding: 'utf8',
      }).trim() || undefined
    );
  } catch {
    return undefined;
  }
}
