import type { RangeRefresh } from '../activities/vendor-ranges';
import { vendorRanges } from './stage-options';

/**
 * Fetches the vendors' published IP ranges into the store, which crawler-log checks verify against.
 * Started once a day by the range-refresh Schedule (infra/range-schedule.ts).
 */
export async function rangeRefreshWorkflow(): Promise<RangeRefresh> {
  return vendorRanges.refreshVendorRanges({});
}
