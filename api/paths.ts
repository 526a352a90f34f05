/** The permanent page of a stored report of any kind. */
export const snapshotPath = (snapshotId: string) => `/report/${snapshotId}`;
