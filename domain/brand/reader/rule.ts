/**
 * The shape every rule of the brand reader has, and the loops that run them (docs/brand-reader.md §3): a rule has a
 * name, an example (an answer, and what the rule does to a name in it), why it holds, and `apply`. The order the
 * rules run in is written once, in configuration.ts, as chrono's parsers and refiners are.
 */

/** An answer, and the name in it the rule drops, keeps, reads, leaves without a rank or does not count as a mention. */
export interface Example {
  answer: string;
  question?: string;
  /** The brand the answer is read for, where the rule reads the brand's names. */
  brand?: string;
  drops?: string;
  keeps?: string;
  reads?: string;
  unranked?: string;
  /** Read as the brand: the reader does not count this name as a mention. */
  notMention?: string;
}

export interface Rule<Subject, Scope, Verdict> {
  name: string;
  example: Example;
  why: string;
  apply(subject: Subject, scope: Scope): Verdict;
}

/** A rule that sets a subject aside: `true` for the rule's own why, a string for a why of the case at hand. */
export type DropRule<Subject, Scope> = Rule<Subject, Scope, boolean | string | undefined>;

/** What set a name aside, and why: every name dropped, demoted or left without a rank carries one. */
export interface Decision {
  rule: string;
  why: string;
}

/** A candidate a rule dropped: the name as read, where, the rule's name and why. */
export interface Dropped extends Decision {
  name: string;
  start: number;
}

/** The first rule, in order, that sets the subject aside. */
export function firstDrop<Subject, Scope>(
  rules: readonly DropRule<Subject, Scope>[],
  subject: Subject,
  scope: Scope,
): Decision | undefined {
  for (const rule of rules) {
    const verdict = rule.apply(subject, scope);
    if (verdict) return { rule: rule.name, why: typeof verdict === 'string' ? verdict : rule.why };
  }
  return undefined;
}

/**
 * The subjects every rule keeps, rule by rule in order: each rule sees what the rules before it kept (`kept`), so a
 * rule that reads a subject's neighbours ("the item leads with an option") reads the survivors; each subject set aside
 * is reported once, with the rule and why.
 */
export function sift<Subject, Scope>(
  rules: readonly DropRule<Subject, Scope & { kept: readonly Subject[] }>[],
  subjects: readonly Subject[],
  scope: Scope,
  setAside: (subject: Subject, decision: Decision) => void,
): Subject[] {
  let kept = subjects;
  // One scope for every rule, its `kept` moved on rule by rule: a reading sifts every unit of the answer.
  const seen = { ...scope, kept };
  for (const rule of rules) {
    if (kept.length === 0) break;
    seen.kept = kept;
    kept = kept.filter((subject) => {
      const verdict = rule.apply(subject, seen);
      if (!verdict) return true;
      setAside(subject, { rule: rule.name, why: typeof verdict === 'string' ? verdict : rule.why });
      return false;
    });
  }
  return [...kept];
}
