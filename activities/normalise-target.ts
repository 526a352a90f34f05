import { ApplicationFailure } from '@temporalio/common';
import { TARGET_FAILURE } from '../contract/failures';
import { InvalidTargetError, normaliseTarget, type CheckTarget } from '../domain/shared/target';

export function createNormaliseTarget(allowedHosts: ReadonlySet<string>) {
  return async function normaliseCheckTarget(url: string): Promise<CheckTarget> {
    try {
      return normaliseTarget(url, { allowedHosts });
    } catch (error) {
      if (!(error instanceof InvalidTargetError)) throw error;
      throw ApplicationFailure.create({ type: TARGET_FAILURE[error.problem], message: error.message, nonRetryable: true });
    }
  };
}
