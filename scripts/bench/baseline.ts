import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** The code a bench part runs its workers from: this checkout, or another commit's. */
export interface CodeUnderTest {
  /** How the side-by-side lines name it: `this commit (3f2c9a1)` or `HEAD~ (d85ee04)`. */
  label: string;
  root: string;
}

const git = (cwd: string, ...args: string[]) => execFileSync('git', args, { cwd, encoding: 'utf8' }).trim();

export function thisCommit(root: string): CodeUnderTest {
  const dirty = git(root, 'status', '--porcelain', '--untracked-files=no') ? ', with uncommitted changes' : '';
  return { label: `this commit (${git(root, 'rev-parse', '--short', 'HEAD')}${dirty})`, root };
}

/**
 * `ref` (default HEAD~, the previous commit) checked out in a temporary git worktree beside this one,
 * sharing this checkout's node_modules, so that its workers run its own code against the same
 * services, stand-ins and client in the same run: a change in cost or behaviour is then seen apart from
 * the machine's load. `close()` removes the worktree.
 */
export function baselineCheckout(root: string, ref: string): CodeUnderTest & { close(): void } {
  const commit = git(root, 'rev-parse', '--short', `${ref}^{commit}`);
  const dir = join(mkdtempSync(join(tmpdir(), 'aivis-bench-')), 'checkout');
  git(root, 'worktree', 'add', '--detach', dir, commit);
  if (!existsSync(join(dir, 'node_modules'))) symlinkSync(join(root, 'node_modules'), join(dir, 'node_modules'), 'dir');
  return {
    label: `${ref} (${commit})`,
    root: dir,
    close: () => {
      git(root, 'worktree', 'remove', '--force', dir);
    },
  };
}
