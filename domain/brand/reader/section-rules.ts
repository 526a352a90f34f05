import type { Unit } from './answer-layout';
import type { Section } from './candidate';
import type { OptionName } from './name-words';
import { announcesFeatures } from './layout-rules';
import type { Rule } from './rule';

/**
 * The layout stage (docs/brand-reader.md §3): what the layout says about a unit from the units before it, read as the
 * unit is entered and before its names are read. Each rule returns what it sets of the unit's section (candidate.ts's
 * `Section`), or nothing; later rules see what earlier ones set. A layout rule drops no name itself: the candidate
 * rules read the section it sets, and the name they drop carries their rule and why.
 */

export interface SectionScope {
  /** The answer without its markup, and the unit's text in it. */
  text: string;
  units: readonly Unit[];
  /** The section as the rules before this one left it. */
  section: Readonly<Section>;
  /** The options an earlier unit presents, by its id. */
  presentedIn(unitId: number): readonly OptionName[];
}

export type SectionRule = Rule<Unit, SectionScope, Partial<Section> | undefined>;

/** A numbered heading: "### 2. Capacity", "**1. Asana**". */
const NUMBERED = /^\s*(?:\*\*)?\d{1,3}[.)]/u;

export const OPTION_HEADING: SectionRule = {
  name: 'option-heading',
  example: { answer: "### 2. Kinsta\nPremium hosting built on Google Cloud's C2 machines.", drops: "Google Cloud's C2" },
  why: 'the section under a heading that presents an option describes that option, up to the next heading',
  apply(unit, { units, presentedIn }) {
    if (unit.kind === 'heading') return { optionHeading: false };
    const previous = units[unit.id - 1];
    return previous?.kind === 'heading' && presentedIn(previous.id).length > 0 ? { optionHeading: true } : undefined;
  },
};

export const FACTOR_HEADING: SectionRule = {
  name: 'factor-heading',
  example: { answer: 'Key factors to consider:\n\n### 1. **Capacity**\nHow much it holds.', drops: 'Capacity' },
  why: 'a numbered heading inside a list announced as factors or features is one of them, and leaves the announcement standing',
  apply: (unit, { text, section }) => ({ factor: unit.kind === 'heading' && NUMBERED.test(text) && section.featureList }),
};

export const ANNOUNCED_LIST: SectionRule = {
  name: 'announced-list',
  example: { answer: 'Both offer core features that sync:\n\n- iCloud Photos: keeps every picture', drops: 'iCloud Photos' },
  why: 'a heading, or a line that ends in a colon, says what the list under it holds: options, or features and advice',
  apply(unit, { text, section }) {
    const announces =
      (unit.kind === 'heading' && !section.factor) || (unit.kind !== 'item' && unit.kind !== 'heading' && /[:：]\s*$/u.test(text));
    return announces ? { featureList: announcesFeatures(text) } : undefined;
  },
};
