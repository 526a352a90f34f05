import { ApplicationFailure } from '@temporalio/common';
import { FAILURE } from '../../contract/failures';

/** A site whose name resolves to a private or reserved address: retrying cannot help, and nothing private was fetched. */
export function privateAddressFailure(host: string): ApplicationFailure {
  return ApplicationFailure.create({ type: FAILURE.siteUnreachable, nonRetryable: true, message: `${host} points to a private or reserved address; only public sites can be checked` });
}
