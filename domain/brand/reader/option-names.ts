import type { Unit } from './answer-layout';
import type { Candidate, CandidateScope, Dropped, OptionContext, ReadingScope, Section } from './candidate';
import { looksEnglish } from './candidates';
import { READER } from './configuration';
import { announcesFeatures } from './layout-rules';
import type { OptionName } from './name-words';
import { withoutMarkup } from '../names';
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
export function readOptions(context: OptionContext): { options: OptionName[]; dropped: Dropped[] } {
  const answer = withoutMarkup(context.answer);
  const dropped: Dropped[] = [];
  const reading: ReadingScope = {
    answer,
    context,
    english: looksEnglish(answer),
    runRules: READER.runRules,
    dropped,
    tables: tablesOf(answer, context.layout),
  };
  const options: OptionName[] = [];
  const section: Section = { optionHeading: false, featureList: false, factor: false };
  const presented = new Map<number, OptionName[]>();
  const presentedIn = (unitId: number) => presented.get(unitId) ?? [];
  for (const unit of context.layout.units) {
    const text = answer.slice(unit.textStart, unit.end);
    enterUnit(section, unit, text);
    const scope: Omit<CandidateScope, 'kept'> = { answer, context, unit, text, section: { ...section }, presentedIn };
    const kept = sift(READER.candidateRules, candidatesOf(unit, reading), scope, (candidate, decision) =>
      dropped.push({ name: candidate.name, start: candidate.start, ...decision }),
    );
    const unitOptions = kept.map(({ name, start, end }) => ({ name, start, end }));
    presented.set(unit.id, unitOptions);
    options.push(...unitOptions);
    if (unit.kind === 'heading' && kept.length > 0) section.optionHeading = true;
  }
  options.sort((a, b) => a.start - b.start);
  const kept = sift(READER.optionRules, options, { answer, layout: context.layout, options }, (option, decision) =>
    dropped.push({ name: option.name, start: option.start, ...decision }),
  );
  return { options: kept, dropped };
}

/** The candidate sources in order, up to the first that reads the unit and is not marked to let others read too. */
function candidatesOf(unit: Unit, reading: ReadingScope): Candidate[] {
  const candidates: Candidate[] = [];
  for (const source of READER.candidates) {
    const names = source.apply(unit, reading);
    if (names === undefined) continue;
    for (const name of names) candidates.push({ ...name, source: source.name });
    if (!source.alsoOthers) break;
  }
  return candidates;
}

/**
 * What the layout says about a unit from the units before it: a heading opens a section and sets what the list under
 * it holds, and so does a line that ends in a colon; a paragraph between a list's items does not. A numbered heading
 * inside a list announced as factors ("### 2. **Capacity**") is a factor, and leaves the announcement standing.
 */
function enterUnit(section: Section, unit: Unit, text: string): void {
  if (unit.kind === 'heading') section.optionHeading = false;
  const numberedHeading = unit.kind === 'heading' && /^\s*(?:\*\*)?\d{1,3}[.)]/u.test(text);
  section.factor = numberedHeading && section.featureList;
  if ((unit.kind === 'heading' && !section.factor) || (unit.kind !== 'item' && unit.kind !== 'heading' && /[:：]\s*$/u.test(text)))
    section.featureList = announcesFeatures(text);
}
