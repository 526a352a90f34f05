import data from './source-domains.json';
import { siteHost } from '../../shared/site-host';
import { foldName } from '../reader/names';

/**
 * What kind of site a cited domain is (docs/checks/brand.md, "Source types"): the brand's own, a
 * competitor's, a community, a reference work, an institution, a marketplace, a social network, a
 * publisher or review site, or none of these. Pure and light (no Public Suffix List: the label rules
 * below stand in for it), so it runs in workflow code.
 */
export const SOURCE_TYPES = [
  'owned',
  'competitor',
  'ugc',
  'reference',
  'institutional',
  'marketplace',
  'social',
  'editorial',
  'other',
] as const;
export type SourceType = (typeof SOURCE_TYPES)[number];

export const isSourceType = (value: string): value is SourceType => (SOURCE_TYPES as readonly string[]).includes(value);

/** A competitor as a request gives it: a name, and its domain when known. */
export interface CompetitorSite {
  name: string;
  domain?: string;
}

export interface SourceTyping {
  /** The brand's own domain. */
  brandDomain?: string;
  /** The competitors the request gave, with their domains where it gave them. */
  given: readonly CompetitorSite[];
  /** Competitors found in the answers: their names type a domain only where the data file does not. */
  discovered: readonly string[];
  /** The request's own types by domain (`sourceTypes`), before every other rule. */
  overrides?: Readonly<Record<string, string>>;
}

const KNOWN: ReadonlyMap<string, SourceType> = new Map(data.domains.map((entry) => [entry.domain, entry.type as SourceType]));
const TOP_LEVEL = new Set(data.institutionalSuffixes.topLevel);
const SECOND_LEVEL = new Set(data.institutionalSuffixes.secondLevel);
/** Second-level labels under a country code that are part of the suffix (co.uk, com.au), never a name. */
const GENERIC_SECOND_LEVEL = new Set(['co', 'com', 'net', 'org', 'ne', 'or', ...SECOND_LEVEL]);

/** A domain as given (a host, or a URL) as the report names sites: "https://www.PlanRight.com/x" → "planright.com". */
export function siteOfAddress(address: string): string {
  const host = /^(?:[a-z][a-z0-9+.-]*:\/\/)?(?:[^/?#@]*@)?([^/?#:]+)/iu.exec(address.trim())?.[1] ?? address;
  return siteHost(host);
}

/** The entry for the domain or the nearest site it is under (en.wikipedia.org → wikipedia.org). */
function lookUp<T>(domain: string, table: ReadonlyMap<string, T>): T | undefined {
  const labels = domain.split('.');
  for (let index = 0; index < labels.length - 1; index += 1) {
    const found = table.get(labels.slice(index).join('.'));
    if (found !== undefined) return found;
  }
  return undefined;
}

function institutional(domain: string): boolean {
  const labels = domain.split('.');
  const last = labels.at(-1)!;
  if (TOP_LEVEL.has(last)) return true;
  return labels.length >= 2 && last.length === 2 && SECOND_LEVEL.has(labels.at(-2)!);
}

/** The labels of a host that can carry a name: not its top-level domain, nor a country's second level (co.uk). */
function nameLabels(domain: string): string[] {
  const labels = domain.split('.');
  const last = labels.pop();
  if (last && last.length === 2 && labels.length >= 2 && GENERIC_SECOND_LEVEL.has(labels.at(-1)!)) labels.pop();
  return labels;
}

/** A name as a host label would spell it: "Plan Right" → "planright". */
const labelOf = (name: string): string => foldName(name).replace(/[^\p{L}\p{N}]+/gu, '');

/** Types domains by the rules above, in order: the request's own, owned, competitors', the data file, institutions. */
export function sourceTyper(typing: SourceTyping): (domain: string) => SourceType {
  const overrides = new Map(
    Object.entries(typing.overrides ?? {}).flatMap(([domain, type]) =>
      isSourceType(type) ? [[siteOfAddress(domain), type] as const] : [],
    ),
  );
  const own = typing.brandDomain ? siteOfAddress(typing.brandDomain) : undefined;
  const competitorSites = new Map<string, SourceType>();
  for (const competitor of typing.given) {
    if (competitor.domain) competitorSites.set(siteOfAddress(competitor.domain), 'competitor');
    // A name written as a domain ("monday.com") is its site.
    if (/^[\p{L}\p{N}-]+(?:\.[\p{L}\p{N}-]+)+$/u.test(competitor.name.trim()))
      competitorSites.set(siteOfAddress(competitor.name), 'competitor');
  }
  const givenLabels = new Set(typing.given.map((competitor) => labelOf(competitor.name)).filter((label) => label.length > 1));
  const discoveredLabels = new Set(typing.discovered.map(labelOf).filter((label) => label.length > 1));
  const named = (domain: string, labels: ReadonlySet<string>) => nameLabels(domain).some((label) => labels.has(label));
  return (domain) => {
    const site = siteHost(domain);
    const chosen = lookUp(site, overrides);
    if (chosen) return chosen;
    if (own && (site === own || site.endsWith(`.${own}`))) return 'owned';
    if (lookUp(site, competitorSites) || named(site, givenLabels)) return 'competitor';
    const known = lookUp(site, KNOWN);
    if (known) return known;
    if (institutional(site)) return 'institutional';
    if (named(site, discoveredLabels)) return 'competitor';
    return 'other';
  };
}
