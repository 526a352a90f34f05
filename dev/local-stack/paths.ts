import { join } from 'node:path';

export const ROOT = join(__dirname, '..', '..');
/** Binaries the scripts install; git-ignored. */
export const TOOLS_DIR = join(ROOT, '.tools');
/** Service data, logs and pid files; git-ignored. */
export const DATA_DIR = join(ROOT, '.data');
export const RUN_DIR = join(DATA_DIR, 'run');
export const LOG_DIR = join(DATA_DIR, 'logs');
