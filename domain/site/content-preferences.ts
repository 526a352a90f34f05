/**
 * The 2026 preference signals (docs/checks/site.md#the-2026-signals-in-checks): Cloudflare's `Content-Signal`
 * (`search`, `ai-input`, `ai-train`, each yes or no) and the IETF aipref `Content-Usage` (draft-ietf-aipref-attach:
 * an optional path, then the vocabulary's `category=y|n` pairs), both as robots.txt group lines, and
 * `Content-Usage` also as an HTTP response header. Read as written: the vocabulary is still a draft, so
 * unknown categories are kept rather than dropped.
 */
export type PreferenceKind = 'content-signal' | 'content-usage';

export interface ContentPreference {
  kind: PreferenceKind;
  /** The user agents of the group the line stands in (`*` outside any group). */
  agents: string[];
  /** A path the preference is limited to (Content-Usage only). */
  path?: string;
  /** Category → `yes`, `no`, or the value as written when it is neither. */
  values: Record<string, string>;
  line?: number;
}

const YES = new Set(['y', 'yes']);
const NO = new Set(['n', 'no']);

/** `key=value` pairs separated by commas or blanks; a value of y/yes/n/no read as yes or no. */
export function preferenceValues(text: string): Record<string, string> {
  const values: Record<string, string> = {};
  for (const pair of text.split(/[,;\s]+/)) {
    const equals = pair.indexOf('=');
    if (equals <= 0) continue;
    const key = pair.slice(0, equals).trim().toLowerCase();
    const raw = pair
      .slice(equals + 1)
      .trim()
      .replace(/^"|"$/g, '');
    const lower = raw.toLowerCase();
    values[key] = YES.has(lower) ? 'yes' : NO.has(lower) ? 'no' : raw;
  }
  return values;
}

export function parsePreference(
  kind: PreferenceKind,
  value: string,
  agents: readonly string[],
  line?: number,
): ContentPreference | undefined {
  let text = value.trim();
  let path: string | undefined;
  if (kind === 'content-usage' && text.startsWith('/')) {
    const blank = text.search(/\s/);
    path = blank < 0 ? text : text.slice(0, blank);
    text = blank < 0 ? '' : text.slice(blank + 1);
  }
  const values = preferenceValues(text);
  if (Object.keys(values).length === 0) return undefined;
  return { kind, agents: [...agents], ...(path ? { path } : {}), values, ...(line ? { line } : {}) };
}

/** Preference values as written back: `['search=yes', 'ai-train=no']`. */
export function describeValues(values: Record<string, string>): string[] {
  return Object.entries(values).map(([key, value]) => `${key}=${value}`);
}

/** One preference as a site owner reads it: `search=yes, ai-train=no (for all crawlers)`. */
export function describePreference(preference: ContentPreference): string {
  const pairs = describeValues(preference.values).join(', ');
  const who = preference.agents.includes('*') ? 'all crawlers' : preference.agents.join(', ');
  return `${pairs} (for ${who}${preference.path ? ` on ${preference.path}` : ''})`;
}

const NAMES: Record<string, string> = { search: 'search', 'ai-input': 'use in AI answers', 'ai-train': 'AI training' };

/** What Content-Signal's yes and no mean, for the categories Cloudflare defines: `: it allows search and refuses AI training`. */
export function contentSignalMeaning(signals: readonly ContentPreference[]): string {
  const allowed = new Set<string>();
  const refused = new Set<string>();
  for (const signal of signals) {
    for (const [key, value] of Object.entries(signal.values)) {
      if (!NAMES[key]) continue;
      if (value === 'yes') allowed.add(NAMES[key]);
      if (value === 'no') refused.add(NAMES[key]);
    }
  }
  const parts = [allowed.size > 0 && `allows ${[...allowed].join(', ')}`, refused.size > 0 && `refuses ${[...refused].join(', ')}`].filter(
    Boolean,
  );
  return parts.length ? `: it ${parts.join(' and ')}` : '';
}
