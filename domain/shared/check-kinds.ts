/** The kinds of check the service runs; every enum, ID pattern and registry is derived from this list. */
export const CHECK_KINDS = ['site', 'brand', 'article'] as const;

export type CheckKind = (typeof CHECK_KINDS)[number];
