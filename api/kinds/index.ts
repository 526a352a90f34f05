import type { ReportsByKind } from '../../domain/check-outcome';
import { CHECK_KINDS, type CheckKind } from '../../domain/shared/check-kinds';
import type { SafeHtml } from '../html';
import type { Headline } from '../schemas';
import type { ApiKind, PageMeta } from './shared/api-kind';
import { articleApi } from './article/index';
import { brandApi } from './brand/index';
import { siteApi } from './site/index';
import { trafficApi } from './traffic/index';

export type { ApiKind, EventNames, KindTool, PageMeta, StreamEndpoint } from './shared/api-kind';

export const API_KINDS: { [K in CheckKind]: ApiKind<K> } = { site: siteApi, brand: brandApi, article: articleApi, traffic: trafficApi };

/** Every kind's entry, in CHECK_KINDS' order, for the loops that do not need the kind's types. */
export const apiKinds = (): ApiKind<CheckKind>[] => CHECK_KINDS.map((kind) => API_KINDS[kind] as ApiKind<CheckKind>);

/** A stored report's page, by its kind. */
export function pageOf<K extends CheckKind>(stored: { kind: K; report: ReportsByKind[K] }, meta: PageMeta): SafeHtml {
  return API_KINDS[stored.kind].page(stored.report, meta);
}

/** A finished check's headline, by its kind. */
export function headlineOf<K extends CheckKind>(kind: K, report: ReportsByKind[K]): Headline {
  return API_KINDS[kind].headline(report);
}
