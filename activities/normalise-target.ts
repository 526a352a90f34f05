import { ApplicationFailure } from '@temporalio/common';
import { FAILURE } from '../contract/failures';
import { InvalidTargetError, normaliseTarget, type CheckTarget } from '../domain/shared/target';

export function createNormaliseTarget(allowedHosts: ReadonlySet<string>) {
  return async function normaliseCheckTarget(url: string): Promise<CheckTarget> {
    try {
      return normaliseTarget(url, { allowedHosts });
    } catch (error) {
      if (!(error instanceof InvalidTargetError)) throw error;
      const type = error.problem === 'malformed' ? FAILURE.malformedTarget : FAILURE.notPublicTarget;
      throw ApplicationFailure.create({ type, message: error.message, nonRetryable: true });
    }
  };
}
