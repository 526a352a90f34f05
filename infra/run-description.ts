import { hashedClientKey } from './client-hash';
import { hostname } from 'node:os';
import type { CheckKind } from '../domain/shared/check-kinds';
import { KINDS } from '../domain/kinds';
import type { RunSubject } from './run-subject';

/** Where a check was asked for: the gateway's route or tool, and the client's rate-limit key (domain/shared/client-key.ts). */
export interface RunOrigin {
  /** E.g. `POST /api/check`, `MCP check_site`. */
  via: string;
  client?: string;
}

/** What the Temporal UI shows of a run, set once when it starts (user metadata: never replayed, never read by workflow code). */
export interface RunDescription {
  staticSummary: string;
  staticDetails: string;
}

/** The summary, and as details in Markdown: the request as the workflow got it, which gateway took it, whose it was. */
export function describeRun(
  kind: CheckKind,
  subject: Pick<RunSubject, 'label' | 'summary'>,
  request: unknown,
  origin: RunOrigin,
): RunDescription {
  const lines = [
    `**${KINDS[kind].words.title}** of ${subject.label}`,
    '',
    `- gateway: ${hostname()}, ${origin.via}`,
    ...(origin.client === undefined ? [] : [`- client: \`${hashedClientKey(origin.client)}\` (its rate-limit key, SHA-256)`]),
    '',
    '```json',
    JSON.stringify(request, null, 2),
    '```',
  ];
  return { staticSummary: subject.summary, staticDetails: lines.join('\n') };
}
