/** Bump when a report field changes meaning, so clients and the snapshot page can tell. */
export const REPORT_VERSION = 1;
