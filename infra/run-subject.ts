import { brandSlug } from '../contract/workflow-contract';
import { KINDS } from '../domain/kinds';
import type { CheckKind } from '../domain/shared/check-kinds';
import { normaliseTarget } from '../domain/shared/target';
import type { CheckInput } from './check-input';

/** What a run is about, said once for every place that names it. */
export interface RunSubject {
  /** The middle of its workflow ID (`brand:<idSubject>:<id>`): a domain, or a brand's slug. */
  idSubject: string;
  /** The domain operators filter runs by (`CheckedDomain`), when the input names one. */
  domain?: string;
  /** For people: the start event ("Brand diagnosis of <label> started"), a monitor's page, MCP. */
  label: string;
  /** The one line the Temporal UI shows of the run: "Site check: example.com". */
  summary: string;
}

/** `about`: what the summary names after the kind, where it is not the label (docs/operations.md#what-the-temporal-ui-shows-of-a-run). */
type Subject<K extends CheckKind> = (
  input: CheckInput<K>,
  allowedHosts: ReadonlySet<string>,
) => Omit<RunSubject, 'summary'> & { about?: string };

const domainOf = (target: string, allowedHosts: ReadonlySet<string>) => normaliseTarget(target, { allowedHosts }).domain;

/** A kind missing here fails to compile. */
const SUBJECTS: { [K in CheckKind]: Subject<K> } = {
  site: ({ url }, allowedHosts) => {
    const domain = domainOf(url, allowedHosts);
    return { idSubject: domain, domain, label: domain };
  },
  brand: ({ brand, keyword, domain }, allowedHosts) => ({
    idSubject: brandSlug(brand),
    domain: domain === undefined ? undefined : domainOf(domain, allowedHosts),
    label: `${brand} for “${keyword}”`,
    about: `${keyword} / ${brand}`,
  }),
  article: ({ url }, allowedHosts) => ({ idSubject: domainOf(url, allowedHosts), domain: domainOf(url, allowedHosts), label: url.trim() }),
  traffic: ({ domain: given }, allowedHosts) => {
    const domain = domainOf(given, allowedHosts);
    return { idSubject: domain, domain, label: domain };
  },
};

/** Temporal keeps a summary to one short line. */
const SUMMARY_CHARS = 200;

/**
 * What an input of kind K is about. Throws InvalidTargetError for an address that names no public site
 * (hosts in `allowedHosts` excepted: FETCH_ORIGIN_OVERRIDES, tests and demos).
 */
export function describe<K extends CheckKind>(kind: K, input: CheckInput<K>, allowedHosts: ReadonlySet<string> = new Set()): RunSubject {
  const { about, ...subject } = SUBJECTS[kind](input, allowedHosts);
  const summary = `${KINDS[kind].words.title}: ${(about ?? subject.label).replace(/\s+/g, ' ')}`;
  return { ...subject, summary: summary.length <= SUMMARY_CHARS ? summary : `${summary.slice(0, SUMMARY_CHARS - 1)}…` };
}
