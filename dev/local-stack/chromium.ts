import { ensureDebianCommand } from './commands';

/** Debian's Chromium for the browser test (no browser download: these machines reach only package registries). */
export function ensureChromium(): string {
  return ensureDebianCommand('chromium', 'chromium');
}
