import express from 'express';
import type { z } from 'zod';
import { HttpError } from './http-error';
import { firstProblem } from './schemas';

/**
 * JSON bodies are small here: a URL or a keyword. The largest valid one (a brand monitor with every
 * field at its bound, non-ASCII sent as \uXXXX escapes) is about 32 KiB, so the cap is twice that;
 * a larger body gets 413.
 */
export const MAX_BODY_BYTES = 64 * 1024;
export const jsonBody = express.json({ limit: MAX_BODY_BYTES });

export function parseBody<T extends z.ZodType>(schema: T, body: unknown): z.infer<T> {
  if (body === undefined || body === null || typeof body !== 'object' || Array.isArray(body)) {
    throw new HttpError(400, 'send a JSON object body with Content-Type: application/json');
  }
  const parsed = schema.safeParse(body);
  if (!parsed.success) throw new HttpError(400, firstProblem(parsed.error));
  return parsed.data;
}
