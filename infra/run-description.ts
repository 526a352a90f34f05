import { hashedClientKey } from './client-hash';
import { hostname } from 'node:os';
import type { CheckKind } from '../domain/shared/check-kinds';
import { KINDS } from '../domain/kinds';

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

/** Temporal keeps a summary to one short line. */
const SUMMARY_CHARS = 200;

/** The kind and target, e.g. "Brand diagnosis: project planning software / Acme Plan", "Site check: example.com". */
function runSummary(kind: CheckKind, target: string): string {
  const summary = `${KINDS[kind].words.title}: ${target.replace(/\s+/g, ' ')}`;
  return summary.length <= SUMMARY_CHARS ? summary : `${summary.slice(0, SUMMARY_CHARS - 1)}…`;
}

/** What a summary names: a brand diagnosis's keyword and brand, a site's domain, an article's address. */
export function summaryTarget(kind: CheckKind, input: object, domain: string | undefined): string {
  const { url, keyword, brand } = input as { url?: string; keyword?: string; brand?: string };
  switch (kind) {
    case 'brand':
      return `${keyword} / ${brand}`;
    case 'site':
      return domain ? domain : String(url).trim();
    case 'article':
      return String(url).trim();
    case 'traffic':
      return domain ?? String((input as { domain?: string }).domain);
  }
}


/** The summary, and as details in Markdown: the request as the workflow got it, which gateway took it, whose it was. */
export function describeRun(kind: CheckKind, target: string, request: unknown, origin: RunOrigin): RunDescription {
  const lines = [
    `**${KINDS[kind].words.title}** of ${target}`,
    '',
    `- gateway: ${hostname()}, ${origin.via}`,
    ...(origin.client === undefined ? [] : [`- client: \`${hashedClientKey(origin.client)}\` (its rate-limit key, SHA-256)`]),
    '',
    '```json',
    JSON.stringify(request, null, 2),
    '```',
  ];
  return { staticSummary: runSummary(kind, target), staticDetails: lines.join('\n') };
}
