import type { OperatorService } from '@temporalio/client';
import { temporal as proto } from '@temporalio/proto';
import { SEARCH_ATTRIBUTES } from '../contract/workflow-contract';

/**
 * Registers the service's search attributes in the namespace if they are missing, so an operator can
 * filter runs by domain and kind. Idempotent: services:up and every worker start call it.
 */
export async function ensureSearchAttributes(operatorService: OperatorService, namespace: string): Promise<string[]> {
  const { customAttributes } = await operatorService.listSearchAttributes({ namespace });
  const missing = Object.values(SEARCH_ATTRIBUTES).filter((key) => !customAttributes?.[key.name]);
  if (missing.length > 0) {
    await operatorService.addSearchAttributes({
      namespace,
      searchAttributes: Object.fromEntries(
        missing.map((key) => [key.name, proto.api.enums.v1.IndexedValueType.INDEXED_VALUE_TYPE_KEYWORD]),
      ),
    });
  }
  return missing.map((key) => key.name);
}
