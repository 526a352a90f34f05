#!/usr/bin/env node
// Installs the npm packages when node_modules is missing or older than the lock file,
// so that `npm start` and `npm test` work on a fresh clone. Plain Node: runs before any dependency exists.
'use strict';
const { createHash } = require('node:crypto');
const { existsSync, readFileSync, writeFileSync } = require('node:fs');
const { join } = require('node:path');
const { spawnSync } = require('node:child_process');

const root = join(__dirname, '..');
const lockFile = join(root, 'package-lock.json');
const stampFile = join(root, 'node_modules', '.deps-stamp');

const fingerprint = createHash('sha256')
  .update(readFileSync(join(root, 'package.json')))
  .update(existsSync(lockFile) ? readFileSync(lockFile) : '')
  .digest('hex');

if (existsSync(stampFile) && readFileSync(stampFile, 'utf8') === fingerprint) process.exit(0);

// `npm install`, not `npm ci`: some npm 11 set-ups write lock files that leave out other platforms'
// optional packages, which `npm ci` then refuses; `npm install` honours the same locked versions.
console.log('[deps] npm install …');
if (spawnSync('npm', ['install', '--no-audit', '--no-fund'], { cwd: root, stdio: 'inherit' }).status !== 0) {
  console.error('[deps] installing the npm packages failed');
  process.exit(1);
}
writeFileSync(stampFile, fingerprint);
