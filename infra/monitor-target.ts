import type { MonitorKind } from '../domain/shared/check-kinds';
import type { CheckInput } from './check-client';
import type { MonitorStore, StoredMonitor } from './monitor-store';

/**
 * What a monitor checks: a kind and the input its check takes (the body of the kind's own endpoint).
 * A union on kind written as a mapped type, so that a function generic in K reads `target` as K's own
 * input (TypeScript's correlated unions) and none needs a cast.
 */
export type MonitorTarget<K extends MonitorKind = MonitorKind> = { [P in K]: { kind: P; target: CheckInput<P> } }[K];

/** One monitor as the gateway reads it: its target typed by kind. */
export type MonitorDocument<K extends MonitorKind = MonitorKind> = StoredMonitor<MonitorTarget<K>>;

/** The monitors' store as the gateway uses it (the only writer of monitors). */
export type TypedMonitorStore = MonitorStore<MonitorTarget>;
