import { SiteCheckError } from '../infra/site-check-client';
import { HttpError } from './http-error';

const STATUS = { malformed: 400, 'not-public': 422, unreachable: 422, internal: 500 } as const;

/** A check that produced no report, as the HTTP error the client gets. */
export function asHttpError(error: unknown): unknown {
  if (!(error instanceof SiteCheckError)) return error;
  return new HttpError(STATUS[error.kind], error.kind === 'internal' ? 'the check failed unexpectedly; please try again' : error.message);
}
