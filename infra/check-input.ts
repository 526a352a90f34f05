import type { CHECK_WORKFLOWS } from '../contract/workflow-contract';
import type { CheckKind } from '../domain/shared/check-kinds';
// Types only: erased at build time, so the gateway loads no workflow code.
import type * as workflows from '../workflows';

/** The workflow function of each kind of check; a type name in CHECK_WORKFLOWS that no workflow has fails here. */
export type CheckWorkflows = { [K in CheckKind]: (typeof workflows)[(typeof CHECK_WORKFLOWS)[K]['type']] };

/** What a client gives to start a check of kind K (the snapshot ID is the client's to choose). */
export type CheckInput<K extends CheckKind> = Omit<Parameters<CheckWorkflows[K]>[0], 'snapshotId'>;
