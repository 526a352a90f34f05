import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const ROOT = join(__dirname, '..', '..');
let scratch: string;
afterAll(() => {
  if (scratch) rmSync(scratch, { recursive: true, force: true });
});

test("npm resolves the committed lock file to itself: no install rewrites it, and it lacks no platform's packages", () => {
  scratch = mkdtempSync(join(tmpdir(), 'aivis-lock-'));
  for (const file of ['package.json', 'package-lock.json', '.npmrc']) copyFileSync(join(ROOT, file), join(scratch, file));
  // npm's whole resolution, as `npm install` does it, without installing: it would add any platform package
  // (@swc/core-darwin-arm64 …) that the lock file lacks, which `npm ci` refuses.
  const result = spawnSync('npm', ['install', '--package-lock-only', '--prefer-offline', '--no-audit', '--no-fund'], {
    cwd: scratch,
    // Not the npm_config_* of an npm that runs these tests: the user's npm as it is.
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? tmpdir() },
    encoding: 'utf8',
  });
  expect(result.status).toBe(0);
  expect(readFileSync(join(scratch, 'package-lock.json'), 'utf8')).toBe(readFileSync(join(ROOT, 'package-lock.json'), 'utf8'));
});
