import { CheckError } from '../infra/check-client';
import { HttpError } from './http-error';

/** A check that produced no report, as the HTTP error its client gets. */
export function asHttpError(error: unknown): unknown {
  if (!(error instanceof CheckError)) return error;
  return new HttpError(error.status, error.message);
}
