import type { ReportsByKind } from '../../domain/check-outcome';
import type { CheckKind } from '../../domain/shared/check-kinds';

/** A stand-in report for tests of the store, which keeps reports without reading them. */
export const opaqueReport = <K extends CheckKind>(_kind: K, fields: object = {}): ReportsByKind[K] => fields as ReportsByKind[K];
