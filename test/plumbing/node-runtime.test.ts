import { spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, join, sep } from 'node:path';

const ROOT = join(__dirname, '..', '..');
const supportedMajor = readFileSync(join(ROOT, '.node-version'), 'utf8').trim().split('.')[0]!;
/** PATH as the machine has it: without any node_modules/.bin or tools' Node that npm or this checkout put first. */
const machinePath = (process.env.PATH ?? '')
  .split(delimiter)
  .filter((dir) => !dir.split(sep).includes('node_modules') && !dir.startsWith(join(ROOT, '.tools')))
  .join(delimiter);
const env = { PATH: machinePath, HOME: process.env.HOME ?? tmpdir() };

function run(command: string, args: string[], cwd: string): string {
  const result = spawnSync(command, args, { cwd, env, encoding: 'utf8' });
  if (result.status !== 0) throw new Error(`${command} ${args.join(' ')} exited ${result.status}:\n${result.stdout}${result.stderr}`);
  return result.stdout.trim();
}

const majorOf = (version: string) => version.replace(/^v/, '').split('.')[0];

let clone: string;
afterAll(() => {
  if (clone) rmSync(clone, { recursive: true, force: true });
});

test("a fresh clone runs its npm scripts on the project's Node, brought from the npm registry where the machine has another", () => {
  clone = mkdtempSync(join(tmpdir(), 'aivis-node-'));
  mkdirSync(join(clone, 'scripts'));
  copyFileSync(join(ROOT, 'scripts', 'ensure-deps.js'), join(clone, 'scripts', 'ensure-deps.js'));
  copyFileSync(join(ROOT, '.node-version'), join(clone, '.node-version'));
  // The launcher as the project wires it, around a script that says which Node runs it; no dependencies to install.
  const manifest = {
    name: 'node-probe',
    version: '1.0.0',
    private: true,
    scripts: { pretest: 'node scripts/ensure-deps.js', test: 'node -p process.version' },
  };
  writeFileSync(join(clone, 'package.json'), JSON.stringify(manifest));
  writeFileSync(
    join(clone, 'package-lock.json'),
    JSON.stringify({
      name: 'node-probe',
      version: '1.0.0',
      lockfileVersion: 3,
      requires: true,
      packages: { '': { name: 'node-probe', version: '1.0.0' } },
    }),
  );
  const lock = readFileSync(join(clone, 'package-lock.json'), 'utf8');

  const machineMajor = majorOf(run('node', ['-p', 'process.version'], clone));
  const printed = run('npm', ['test', '--silent'], clone).split('\n').at(-1)!;

  expect(majorOf(printed)).toBe(supportedMajor);
  expect(existsSync(join(clone, '.tools'))).toBe(machineMajor !== supportedMajor);
  expect(readFileSync(join(clone, 'package-lock.json'), 'utf8')).toBe(lock);
  // Once installed, npx and every later npm script find the same Node without the launcher.
  expect(majorOf(run('npx', ['--no-install', 'node', '-p', 'process.version'], clone))).toBe(supportedMajor);
}, 120_000);

test("in this checkout, npm scripts and npx run on the project's Node whatever the machine's is", () => {
  expect(majorOf(run('npm', ['exec', '--', 'node', '-p', 'process.version'], ROOT))).toBe(supportedMajor);
});
