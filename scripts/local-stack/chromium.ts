import { run, which } from './commands';

/** Debian's Chromium for the browser test (no browser download: these machines reach only package registries). */
export function ensureChromium(): string {
  const existing = which('chromium');
  if (existing) return existing;
  if (process.getuid?.() !== 0 || !which('apt-get')) throw new Error('Chromium is not installed (Debian: apt-get install chromium)');
  console.log('[services] installing Debian chromium with apt-get …');
  const env = { DEBIAN_FRONTEND: 'noninteractive' };
  run('apt-get', ['update', '-qq'], { env });
  run('apt-get', ['install', '-y', '-qq', '--no-install-recommends', 'chromium'], { env });
  const installed = which('chromium');
  if (!installed) throw new Error('apt-get installed chromium but it is not on PATH');
  return installed;
}
