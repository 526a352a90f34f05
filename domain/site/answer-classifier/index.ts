import { decodeLabel, registrableLabel } from '../../shared/brand-name';
import type { Reputation } from '../report';
import { siteHost } from '../../shared/site-host';
import { quote, readClauses, type Clause, type ClauseKind } from '../../shared/language/clauses';
import { judgeReputation } from './reputation';

export { saysNotKnown } from '../../shared/language/clauses';

/**
 * Reads an AI assistant's answer to "what do you know about <domain>?" and decides whether the
 * assistant knows the site and what reputation it reports. Deterministic phrase rules, no model: the
 * same answer always gets the same verdict, and the reasons say why.
 *
 * Known or unknown:
 * - The answer is cut into clauses: sentences, list items, and both halves of "X, but Y".
 * - Each clause is a refusal ("I don't have information about…"), advice ("check its WHOIS record"),
 *   speculation ("based on the name it might…"), filler or caveat ("hope this helps", "my knowledge
 *   may be out of date"), a question, a fragment too short to say anything, or else a description.
 *   List items under an advice or speculation lead-in ("This could be because:") count as the lead-in.
 * - No description: unknown, however often the domain is repeated.
 * - A description before any refusal: known. A later "I couldn't find its founding date" does not undo it.
 * - A refusal first dominates, unless at least two descriptions follow, they outnumber the refusals,
 *   and one names the site (domain, brand, or "it"/"the company" opening the clause), so that a
 *   description of some other site found instead does not count.
 *
 * Reputation (known answers only): cue words in every clause except refusals, advice and questions. A
 * cue preceded in its clause by a negation ("not a scam", "no reports of fraud", "not well known") is
 * ignored. Scam, fraud, phishing and malware weigh double. A side wins with at least twice the other
 * side's weight; anything closer is neutral.
 *
 * Languages: refusals, advice and speculation in English, Chinese (simplified and traditional),
 * Japanese, Korean, Spanish, French, German, Portuguese, Italian and Russian; reputation cues in the
 * same, thinnest for Japanese and Korean, where a negation that follows the cue (人気がない) is not seen.
 */

export type Awareness = 'known' | 'unknown';

export interface AnswerClassification {
  status: Awareness;
  /** Always 'unknown' when status is 'unknown'. */
  reputation: Reputation;
  /** Short phrases for debugging and the report, e.g. `refusal: "I don't have any information"`. */
  reasons: string[];
}

/** Answers are cut here: far beyond any platform's answer, and keeps the work bounded. */
const MAX_ANSWER_CHARS = 100_000;

/** An assistant's way of saying "this site" without naming it, at the start of a clause. */
const SUBJECT_REFERENCE =
  /^(?:it|it's|its|this (?:site|website|company|platform|service)|the (?:site|website|company|platform|service|store|shop|brand|business|marketplace|portal|app)|该网站|該網站|该公司|該公司|该平台|該平台|它)(?![\p{L}\p{N}])/iu;

export function classifyAnswer(input: { answer: string; domain: string; brand: string }): AnswerClassification {
  const answer = asText(input.answer).slice(0, MAX_ANSWER_CHARS);
  if (answer.trim() === '') return { status: 'unknown', reputation: 'unknown', reasons: ['empty answer'] };

  const clauses = readClauses(answer);
  const awareness = judgeAwareness(clauses, subjectNames(asText(input.domain), asText(input.brand)));
  if (awareness.status === 'unknown') return { status: 'unknown', reputation: 'unknown', reasons: awareness.reasons };
  const judged = judgeReputation(clauses.filter((clause) => !SILENT_ON_REPUTATION.has(clause.kind)));
  return { status: 'known', reputation: judged.reputation, reasons: [...awareness.reasons, ...judged.reasons] };
}

/**
 * A refusal's "no reports of scams", advice's "make sure it is not a scam" and a question's "Is it
 * legit?" say nothing about this site's reputation.
 */
const SILENT_ON_REPUTATION: ReadonlySet<ClauseKind> = new Set(['refusal', 'advice', 'question']);

function judgeAwareness(clauses: readonly Clause[], names: readonly string[]): { status: Awareness; reasons: string[] } {
  const descriptions = clauses.filter((clause) => clause.kind === 'description');
  const refusals = clauses.filter((clause) => clause.kind === 'refusal');
  const [firstDescription] = descriptions;
  const [firstRefusal] = refusals;
  const refusalFirst =
    firstRefusal !== undefined && (!firstDescription || clauses.indexOf(firstRefusal) < clauses.indexOf(firstDescription));
  const reasons = firstRefusal ? [`${refusalFirst ? 'refusal' : 'refusal after the description'}: ${quote(firstRefusal.evidence)}`] : [];

  if (!firstDescription) return { status: 'unknown', reasons: [...reasons, `no description of the site (${countKinds(clauses)})`] };
  const descriptionsOutweigh =
    descriptions.length >= 2 && descriptions.length > refusals.length && descriptions.some((clause) => namesSubject(clause.text, names));
  if (refusalFirst && !descriptionsOutweigh)
    return { status: 'unknown', reasons: [...reasons, `refusal outweighs ${descriptions.length} descriptive sentence(s)`] };
  return {
    status: 'known',
    reasons: [...reasons, `description: ${quote(firstDescription.text)}`, `${descriptions.length} descriptive sentence(s)`],
  };
}

/** Callers pass platform output straight through; a missing field must not throw. */
function asText(value: unknown): string {
  return typeof value === 'string' ? value : '';
}

function countKinds(clauses: readonly Clause[]): string {
  const counts = new Map<ClauseKind, number>();
  for (const { kind } of clauses) counts.set(kind, (counts.get(kind) ?? 0) + 1);
  return [...counts].map(([kind, count]) => `${count} ${kind}`).join(', ');
}

function subjectNames(domain: string, brand: string): string[] {
  const host = siteHost(domain);
  const label = registrableLabel(host);
  const brandName = brand.trim().toLowerCase();
  const names = [host, host.split('.').map(decodeLabel).join('.'), label, decodeLabel(label), brandName, brandName.replace(/[\s-]+/gu, '')];
  return [...new Set(names)].filter((name) => name.length >= 3);
}

function namesSubject(text: string, names: readonly string[]): boolean {
  const lower = text.toLowerCase();
  return names.some((name) => lower.includes(name)) || SUBJECT_REFERENCE.test(text);
}
