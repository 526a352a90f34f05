import type { BotAccess } from '../shared/crawlers';
import { parsePreference, type ContentPreference, type PreferenceKind } from './content-preferences';

/**
 * robots.txt per RFC 9309, matched as Google's reference parser does.
 *
 * Written here rather than with `robots-parser` because that package (3.0.1) compares percent-encoded
 * and plain octets as different (`Disallow: /%7Ejoe` does not block `/~joe`, RFC 9309 §2.2.2), and its
 * API cannot tell whether any group applied to a crawler or whether that group disallows anything,
 * which the `none` and `partial` verdicts need.
 */

export interface RobotsRule {
  allow: boolean;
  /** Normalised pattern: percent-encoding canonical, may contain `*` and a final `$`. */
  pattern: string;
  line: number;
}

export interface RobotsGroup {
  /** User-agent values as written, lower-cased. */
  agents: string[];
  rules: RobotsRule[];
}

export interface RobotsTxt {
  groups: RobotsGroup[];
  sitemaps: string[];
  /** The 2026 preference lines, read where they stand (see content-preferences.ts). */
  preferences: ContentPreference[];
}

/** RFC 9309 §2.5: crawlers must parse at least 500 KiB; content past that may be ignored. */
export const ROBOTS_MAX_BYTES = 500 * 1024;

// Google's parser accepts these common misspellings; sites rely on it.
const KEYS: Record<string, 'user-agent' | 'allow' | 'disallow' | 'sitemap' | PreferenceKind> = {
  'user-agent': 'user-agent',
  useragent: 'user-agent',
  'user agent': 'user-agent',
  allow: 'allow',
  disallow: 'disallow',
  dissallow: 'disallow',
  dissalow: 'disallow',
  disalow: 'disallow',
  diasllow: 'disallow',
  disallaw: 'disallow',
  sitemap: 'sitemap',
  'site-map': 'sitemap',
  'content-signal': 'content-signal',
  'content-usage': 'content-usage',
};

export function parseRobotsTxt(text: string): RobotsTxt {
  const groups: RobotsGroup[] = [];
  const sitemaps: string[] = [];
  const preferences: ContentPreference[] = [];
  let current: RobotsGroup | undefined;
  let lastWasAgent = false;

  const lines = text.replace(/^\uFEFF/, '').split(/\r\n|\r|\n/);
  lines.forEach((raw, index) => {
    const pair = keyAndValue(raw.slice(0, MAX_LINE_CHARS).replace(/#.*$/, '').trim());
    if (!pair) return;
    const key = KEYS[pair.name.toLowerCase()];
    const { value } = pair;
    if (!key) return;

    if (key === 'sitemap') {
      if (value) sitemaps.push(value);
      return;
    }
    if (key === 'user-agent') {
      if (!lastWasAgent || !current) {
        current = { agents: [], rules: [] };
        groups.push(current);
      }
      current.agents.push(value.toLowerCase());
      lastWasAgent = true;
      return;
    }
    lastWasAgent = false;
    if (key === 'content-signal' || key === 'content-usage') {
      const preference = parsePreference(key, value, current?.agents ?? ['*'], index + 1);
      if (preference && preferences.length < MAX_PREFERENCES) preferences.push(preference);
      return;
    }
    // Rules before any user-agent line belong to no group; an empty pattern matches nothing.
    if (!current || value === '') return;
    const rule = { allow: key === 'allow', pattern: normalisePattern(value), line: index + 1 };
    current.rules.push(rule);
    const directory = rule.allow ? indexPageDirectory(rule.pattern) : undefined;
    if (directory) current.rules.push({ ...rule, pattern: directory });
  });
  return { groups, sitemaps, preferences };
}

const MAX_PREFERENCES = 50;

/** Google's parser stops reading a line after 8 × 2083 bytes (its longest URL, eight times over). */
const MAX_LINE_CHARS = 2083 * 8 - 1;

/**
 * `name: value`; as Google's parser, also `name value` when the colon is missing but the line is
 * exactly two runs of non-blank characters ("disallow /" is obviously meant; "foo bar baz" is not).
 */
function keyAndValue(line: string): { name: string; value: string } | undefined {
  const colon = line.indexOf(':');
  if (colon > 0) return { name: line.slice(0, colon).trim(), value: line.slice(colon + 1).trim() };
  if (colon === 0) return undefined;
  const words = line.split(/[ \t]+/);
  return words.length === 2 ? { name: words[0]!, value: words[1]! } : undefined;
}

/**
 * Google reads an allowed `…/index.htm…` as also allowing its directory (exactly, `…/$`): servers
 * answer the directory with that page, so a site allowing `/index.html` means its home page.
 */
function indexPageDirectory(pattern: string): string | undefined {
  const slash = pattern.lastIndexOf('/');
  return pattern.startsWith('/index.htm', slash) ? `${pattern.slice(0, slash + 1)}$` : undefined;
}

/** The product token of a user-agent value: Google compares only its leading [A-Za-z_-] run. */
function productToken(value: string): string {
  return /^[a-z_-]+/.exec(value)?.[0] ?? value;
}

function agentMatches(agent: string, token: string): boolean {
  const wanted = token.toLowerCase();
  return agent === wanted || productToken(agent) === wanted;
}

/**
 * The rules that apply to a crawler: all groups naming its token, combined (RFC 9309 §2.2.1);
 * else all `*` groups combined; undefined when no group applies.
 */
export function rulesFor(robots: RobotsTxt, token: string): RobotsRule[] | undefined {
  const specific = robots.groups.filter((group) => group.agents.some((agent) => agent !== '*' && agentMatches(agent, token)));
  const chosen = specific.length > 0 ? specific : robots.groups.filter((group) => group.agents.includes('*'));
  return chosen.length > 0 ? chosen.flatMap((group) => group.rules) : undefined;
}

/** The rule that decides a path: the longest matching pattern; an allow wins a tie (RFC 9309 §2.2.2). */
export function decidingRule(rules: readonly RobotsRule[], path: string): RobotsRule | undefined {
  const target = normalisePath(path);
  let best: RobotsRule | undefined;
  for (const rule of rules) {
    if (!patternMatches(rule.pattern, target)) continue;
    if (!best || rule.pattern.length > best.pattern.length || (rule.pattern.length === best.pattern.length && rule.allow && !best.allow)) {
      best = rule;
    }
  }
  return best;
}

export function isAllowed(rules: readonly RobotsRule[], path: string): boolean {
  // RFC 9309 §2.2.2: /robots.txt itself is always allowed.
  if (normalisePath(path) === '/robots.txt') return true;
  return decidingRule(rules, path)?.allow ?? true;
}

/**
 * Does `pattern` match a prefix of `path`? `*` matches any run of octets, a final `$` anchors the end.
 * Tracks the set of reachable positions (as Google's parser does), so hostile patterns cost O(n·m) at most.
 */
function patternMatches(pattern: string, path: string): boolean {
  const anchored = pattern.endsWith('$');
  const body = anchored ? pattern.slice(0, -1) : pattern;
  let positions = [0];
  for (const char of body) {
    if (positions.length === 0) return false;
    if (char === '*') {
      const from = positions[0]!;
      positions = [];
      for (let at = from; at <= path.length; at++) positions.push(at);
      continue;
    }
    const next: number[] = [];
    for (const at of positions) if (path[at] === char) next.push(at + 1);
    positions = next;
  }
  if (positions.length === 0) return false;
  return anchored ? positions.includes(path.length) : true;
}

const UNRESERVED = /[A-Za-z0-9\-._~]/;

/**
 * Canonical percent-encoding, so `/%7Ejoe`, `/%7ejoe` and `/~joe` compare equal: escapes of unreserved
 * characters are decoded, other escapes upper-cased, and non-ASCII characters UTF-8 percent-encoded.
 */
function canonicalEncoding(text: string): string {
  // By code point, so that a character outside the BMP is encoded whole.
  const chars = Array.from(text);
  let out = '';
  for (let i = 0; i < chars.length; i++) {
    const char = chars[i]!;
    const hex = `${chars[i + 1] ?? ''}${chars[i + 2] ?? ''}`;
    if (char === '%' && /^[0-9a-fA-F]{2}$/.test(hex)) {
      const decoded = String.fromCharCode(parseInt(hex, 16));
      out += UNRESERVED.test(decoded) ? decoded : `%${hex.toUpperCase()}`;
      i += 2;
    } else if (char.codePointAt(0)! > 0x7e || char.codePointAt(0)! < 0x21) {
      out += encodeCodePoint(char);
    } else {
      out += char;
    }
  }
  return out;
}

function encodeCodePoint(char: string): string {
  try {
    return encodeURIComponent(char);
  } catch {
    return '%EF%BF%BD'; // a lone surrogate: U+FFFD, as a URL parser would substitute
  }
}

function normalisePattern(value: string): string {
  const pattern = canonicalEncoding(value);
  // Patterns must start with '/' or '*'; Google reads "Disallow: page" as "/page".
  return pattern.startsWith('/') || pattern.startsWith('*') ? pattern : `/${pattern}`;
}

/** The path and query of a URL or path, in canonical encoding. */
export function normalisePath(pathOrUrl: string): string {
  let path = pathOrUrl;
  if (/^[a-z][a-z0-9+.-]*:\/\//i.test(pathOrUrl)) {
    const url = new URL(pathOrUrl);
    path = `${url.pathname}${url.search}`;
  }
  return canonicalEncoding(path.startsWith('/') ? path : `/${path}`);
}

/** What fetching /robots.txt gave (RFC 9309 §2.3.1). */
export type RobotsOutcome =
  | { kind: 'ok'; robots: RobotsTxt }
  /** 4xx: no rules apply. */
  | { kind: 'missing'; status: number }
  /** 5xx or unreachable: assume complete disallow. */
  | { kind: 'unavailable'; reason: string };

export interface AccessVerdict {
  access: BotAccess;
  /** The robots.txt line that blocks the home page, when one does. */
  blockingLine?: number;
}

/** The verdict for one crawler token (docs/checks/site.md). */
export function crawlerAccess(outcome: RobotsOutcome, token: string): AccessVerdict {
  if (outcome.kind === 'missing') return { access: 'none' };
  if (outcome.kind === 'unavailable') return { access: 'blocked' };
  const rules = rulesFor(outcome.robots, token);
  if (!rules) return { access: 'none' };
  const homeRule = decidingRule(rules, '/');
  if (homeRule && !homeRule.allow) return { access: 'blocked', blockingLine: homeRule.line };
  // A disallow counts unless an allow with the very same pattern cancels it everywhere.
  const allowed = new Set(rules.filter((rule) => rule.allow).map((rule) => rule.pattern));
  const disallowsSomething = rules.some((rule) => !rule.allow && !allowed.has(rule.pattern));
  return { access: disallowsSomething ? 'partial' : 'allowed' };
}
