import { quote, type Clause } from '../../shared/language/clauses';
import { isNegated } from '../../shared/language/negation';
import { REPUTATION_CUES } from '../../shared/language/phrases';
import type { Reputation } from '../report';

/**
 * Reputation from cue words in the clauses that may carry it. A cue preceded in its clause by a
 * negation ("not a scam", "no reports of fraud") is ignored. Scam, fraud, phishing and malware weigh
 * double. A side wins with at least twice the other side's weight; anything closer is neutral.
 */
export function judgeReputation(clauses: readonly Clause[]): { reputation: Reputation; reasons: string[] } {
  const weights = { positive: 0, negative: 0 };
  const cues = { positive: [] as string[], negative: [] as string[], negated: [] as string[] };
  for (const { text } of clauses) {
    for (const { side, weight, pattern } of REPUTATION_CUES) {
      for (const match of text.matchAll(pattern)) {
        const cue = match[0];
        if (isNegated(text, match.index)) {
          cues.negated.push(cue);
        } else {
          weights[side] += weight;
          cues[side].push(cue);
        }
      }
    }
  }

  const reasons = [
    ...listCues('positive', cues.positive),
    ...listCues('negative', cues.negative),
    ...listCues('ignored (negated)', cues.negated),
  ];
  const { positive, negative } = weights;
  const reputation: Reputation =
    negative > 0 && negative >= 2 * positive ? 'negative' : positive > 0 && positive >= 2 * negative ? 'positive' : 'neutral';
  const balance = positive + negative === 0 ? 'no reputation cues' : `${positive} positive vs ${negative} negative`;
  return { reputation, reasons: [...reasons, `reputation ${reputation}: ${balance}`] };
}

function listCues(label: string, cues: readonly string[]): string[] {
  const distinct = [...new Set(cues.map((cue) => cue.toLowerCase()))];
  return distinct.length === 0 ? [] : [`${label}: ${distinct.slice(0, 3).map(quote).join(', ')}`];
}
