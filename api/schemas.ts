import { z } from 'zod';
import { reportSchema } from '../domain/report';
import { MAX_TARGET_LENGTH } from '../domain/target';

/** The gateway's request and response bodies: they validate requests and generate /openapi.json. */

const target = z
  .string({ error: (issue) => (issue.input === undefined ? 'url is required' : 'url must be a string') })
  .trim()
  .min(1, { error: 'url is empty: give a domain such as example.com or a URL such as https://example.com' })
  .max(MAX_TARGET_LENGTH, { error: `url is longer than ${MAX_TARGET_LENGTH} characters` })
  // What the schema can say: some character that trim() keeps (exactly JavaScript's white space), so
  // no schema-valid url is refused as empty. Whether it names a public site is for the 422 answer.
  .regex(/[^\t\n\v\f\r \u00a0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000\ufeff]/, { error: 'url is empty: give a domain such as example.com or a URL such as https://example.com' })
  .describe(
    `A domain (example.com) or an http(s) URL (https://example.com/page): at most ${MAX_TARGET_LENGTH} characters after white space is trimmed. ` +
      'Answered 422 when it is an IP address, localhost, a name without a top-level domain or under a reserved one (.test, .example, .invalid, .local …), another scheme than http(s), or when the site cannot be reached.',
  );

export const checkRequestSchema = z.object({ url: target }).meta({ id: 'CheckRequest' });

export const errorSchema = z.object({ error: z.string().describe('What went wrong, in words') }).meta({ id: 'Error' });

export const rateLimitedSchema = errorSchema
  .extend({ resetAt: z.string().describe('ISO 8601 time when the quota recovers') })
  .meta({ id: 'RateLimited' });

export const checkResponseSchema = z
  .object({
    ok: z.literal(true),
    snapshotId: z.string().nullable().describe('Fixed identifier of this check (a UUID)'),
    snapshotUrl: z.string().describe('/report/<snapshotId>: joined to the base address, the permanent link'),
    report: reportSchema.meta({ id: 'Report' }),
  })
  .meta({ id: 'CheckResponse' });

export const snapshotResponseSchema = z
  .object({
    snapshotId: z.string(),
    snapshotUrl: z.string(),
    kind: z.enum(['site', 'brand', 'article']),
    createdAt: z.string(),
    report: reportSchema,
  })
  .meta({ id: 'Snapshot' });

export type CheckRequest = z.infer<typeof checkRequestSchema>;

/** The first problem of a failed parse, as one sentence. */
export function firstProblem(error: z.ZodError): string {
  return error.issues[0]?.message ?? 'invalid request';
}
