/** The kinds of check the service runs; every enum, ID pattern and registry is derived from this list. */
export const CHECK_KINDS = ['site', 'brand', 'article', 'traffic'] as const;

export type CheckKind = (typeof CHECK_KINDS)[number];

/**
 * Whether a kind can be monitored (run on a schedule, charted, alerted on): every kind must say, so
 * a new one is a decision, not a default. A report with nothing to compare over time says false.
 */
const MONITORED = { site: true, brand: true, article: true, traffic: false } as const satisfies Record<CheckKind, boolean>;

export type MonitorKind = { [K in CheckKind]: (typeof MONITORED)[K] extends true ? K : never }[CheckKind];
export const MONITOR_KINDS = CHECK_KINDS.filter((kind): kind is MonitorKind => MONITORED[kind]);

export const isMonitorKind = (value: unknown): value is MonitorKind => MONITOR_KINDS.some((kind) => kind === value);
