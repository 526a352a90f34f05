import { z } from 'zod';
import { UUID_PATTERN } from '../../../contract/workflow-contract';
import { snapshotPath } from '../../../contract/paths';

/** What every tool answers with, and the inputs several tools take. */

export const text = (value: string) => ({ content: [{ type: 'text' as const, text: value }] });
export const failure = (value: string) => ({ ...text(value), isError: true });
/** Markdown for people, with the same figures as structured content for agents (the tool's outputSchema). */
export const structured = <T extends Record<string, unknown>>(markdown: string, data: T) => ({
  ...text(markdown),
  structuredContent: data,
});

/** The read tools': nothing changes, the same call gives the same answer, and nothing outside the service is reached. */
export const READ_ONLY = { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false };

export const snapshotIdInput = z
  .string()
  .regex(UUID_PATTERN, 'id must be a report id such as 0f8fad5b-d9cb-469f-a165-70867728950e')
  .describe('The report id (a UUID)');
export const domainInput = z
  .string()
  .trim()
  .min(1)
  .max(2048)
  .describe('A domain such as example.com, or a URL such as https://example.com/');

/** A report's permanent page, absolute. */
export const reportLink = (publicBaseUrl: string) => (snapshotId: string) => `${publicBaseUrl}${snapshotPath(snapshotId)}`;
