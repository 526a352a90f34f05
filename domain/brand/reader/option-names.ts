import type { Unit } from './answer-layout';
import type { Candidate, CandidateScope, Dropped, OptionContext, ReadingScope, Section } from './candidate';
import { looksEnglish } from './candidates';
import { READER, type ReaderConfiguration } from './configuration';
import type { OptionName } from './name-words';
import { withoutMarkup } from './names';
import { sift } from './rule';
import { tablesOf } from './table-names';

export type { OptionName } from './name-words';
export type { Dropped, OptionContext } from './candidate';

/**
 * The names an answer presents as options, with where each stands: products, brands, companies, services
 * (docs/brand-reader.md §3). Unit by unit in reading order, the candidate sources read the names a unit holds, and the
 * candidate rules drop those that are no options, each with its rule and why; both lists, and their order, are
 * configuration.ts's.
 */

export function optionNames(context: OptionContext): OptionName[] {
  return readOptions(context).options;
}

/** The options, and every candidate a rule dropped with the rule and why (`npm run bench:brand-answers -- --misses`). */
export function readOptions(context: OptionContext, reader: ReaderConfiguration = READER): { options: OptionName[]; dropped: Dropped[] } {
  const answer = withoutMarkup(context.answer);
  const dropped: Dropped[] = [];
  const reading: ReadingScope = {
    answer,
    context,
    english: looksEnglish(answer),
    runRules: reader.runRules,
    boldRules: reader.boldRules,
    dropped,
    tables: tablesOf(answer, context.layout),
  };
  const options: OptionName[] = [];
  const section: Section = { optionHeading: false, featureList: false, factor: false };
  const presented = new Map<number, OptionName[]>();
  const presentedIn = (unitId: number) => presented.get(unitId) ?? [];
  const { units } = context.layout;
  for (const unit of units) {
    const text = answer.slice(unit.textStart, unit.end);
    // The layout stage: each layout rule, in order, sets what the unit's section says.
    for (const rule of reader.layoutRules) Object.assign(section, rule.apply(unit, { text, units, section, presentedIn }));
    const scope: Omit<CandidateScope, 'kept'> = { answer, context, unit, text, section: { ...section }, presentedIn };
    const kept = sift(reader.candidateRules, candidatesOf(unit, reading, reader), scope, (candidate, decision) =>
      dropped.push({ name: candidate.name, start: candidate.start, ...decision }),
    );
    const unitOptions = kept.map(({ name, start, end, whole }) => ({ name, start, end, ...(whole ? { whole } : {}) }));
    presented.set(unit.id, unitOptions);
    options.push(...unitOptions);
  }
  options.sort((a, b) => a.start - b.start);
  const kept = sift(reader.optionRules, options, { answer, layout: context.layout, options }, (option, decision) =>
    dropped.push({ name: option.name, start: option.start, ...decision }),
  );
  return { options: kept, dropped };
}

/** The candidate sources in order, up to the first that reads the unit and is not marked to let others read too. */
function candidatesOf(unit: Unit, reading: ReadingScope, reader: ReaderConfiguration): Candidate[] {
  const candidates: Candidate[] = [];
  const claimed: { start: number; end: number }[] = [];
  const insideClaimed = (name: OptionName) => claimed.some((whole) => name.start < whole.end && whole.start < name.end);
  for (const source of reader.candidates) {
    const names = source.apply(unit, reading);
    if (names === undefined) continue;
    for (const { reach: _reach, ...name } of names) if (!insideClaimed(name)) candidates.push({ ...name, source: source.name });
    if (source.claims) claimed.push(...names.map((name) => name.reach ?? name));
    if (!source.alsoOthers) break;
  }
  return candidates;
}
