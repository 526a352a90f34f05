import type { AnswerLayout, Unit } from './answer-layout';
import type { OptionName } from './name-words';
import type { Dropped, DropRule, Rule } from './rule';

export type { Dropped } from './rule';
import type { BoldRule } from './bold-names';
import type { RunRule } from './run-rules';
import type { TableRow } from './table-names';

/** What the candidate stages read and hand on (docs/brand-reader.md §3). */

export interface OptionContext {
  answer: string;
  layout: AnswerLayout;
  /** The question asked: a name it already holds is an echo, not an option the answer presents. */
  question?: string;
  citations: readonly string[];
  /** The clause at `offset` says the assistant does not know: a name there is no option (answer.ts). */
  saysNotKnownAt?: (offset: number) => boolean;
}

/** A candidate, and the candidate source that read it. */
export interface Candidate extends OptionName {
  source: string;
}

/** What the layout stage (section-rules.ts) says about the unit being read, from the units before it. */
export interface Section {
  /** The section is under a heading that presents an option ("### 2. Kinsta"): its text describes that option. */
  optionHeading: boolean;
  /** The list under the nearest heading or announcing line holds features, specifications or advice ("Key specs to look for:"). */
  featureList: boolean;
  /** The unit is a numbered heading inside such a list ("### 2. Capacity"). */
  factor: boolean;
}

/** Where a candidate stands: the answer without its markup, the unit, its text, the section, the unit's other candidates. */
export interface CandidateScope {
  answer: string;
  context: OptionContext;
  unit: Unit;
  text: string;
  section: Section;
  /** The unit's candidates the rules before this one kept. */
  kept: readonly Candidate[];
  /** The options an earlier unit presents, by its id (a nested item's parent). */
  presentedIn(unitId: number): readonly OptionName[];
}

export type CandidateRule = DropRule<Candidate, CandidateScope>;

/** What a candidate source reads with: the answer without markup, the run and bold rules, where their drops go. */
export interface ReadingScope {
  answer: string;
  context: OptionContext;
  english: boolean;
  runRules: readonly RunRule[];
  /** What sets a bold span aside as no name (bold-names.ts). */
  boldRules: readonly BoldRule[];
  dropped: Dropped[];
  tables: Map<number, TableRow>;
}

/**
 * A candidate source reads the names a unit holds in one way (bold, a table's cells, runs of capitalised words), or
 * `undefined` where the unit is not its kind; the first source that reads a unit is the last, but for one marked
 * `alsoOthers` (bold spans: the rest of the unit is read too).
 */
export interface CandidateSource extends Rule<Unit, ReadingScope, ReadName[] | undefined> {
  alsoOthers?: true;
  /** The names it reads are whole: what a later source reads inside one (or inside its `reach`) is part of it, not a name of its own. */
  claims?: true;
}

/** A name a source read, and where a claiming source's reading of it reaches (a link's text past the name's end). */
export interface ReadName extends OptionName {
  reach?: { start: number; end: number };
}
