import { ApplicationFailure } from '@temporalio/common';
import { WorkflowFailedError } from '@temporalio/client';

/** A stage's failure that retrying cannot mend, of a type the service does not show to people. */
export const nonRetryable = (what: string) => ApplicationFailure.nonRetryable(`${what} failed (a fake activity)`, 'FakeFailure');

/** A failure Temporal retries (as a 503 or a timeout is). */
export const retryable = (what: string) => ApplicationFailure.retryable(`${what} failed for now (a fake activity)`, 'FakeOutage');

/** The innermost failure of a failed workflow run (its activity's ApplicationFailure). */
export async function rootFailureOf(result: Promise<unknown>): Promise<ApplicationFailure> {
  const error = await result.then(
    () => {
      throw new Error('the run completed; it was expected to fail');
    },
    (failure: unknown) => failure,
  );
  expect(error).toBeInstanceOf(WorkflowFailedError);
  let cause: unknown = error;
  while ((cause as { cause?: unknown }).cause) cause = (cause as { cause?: unknown }).cause;
  expect(cause).toBeInstanceOf(ApplicationFailure);
  return cause as ApplicationFailure;
}
