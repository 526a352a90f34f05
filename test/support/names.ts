import { randomUUID } from 'node:crypto';

/** A name no other test file uses: test files run in parallel against the same services. */
export function uniqueName(prefix: string): string {
  return `${prefix}-${randomUUID().slice(0, 8)}`;
}
