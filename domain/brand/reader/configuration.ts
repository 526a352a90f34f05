import { BOLD_DESCRIPTION, BOLD_LABEL, BOLD_ORDINARY_PHRASE, BOLD_SENTENCE, type BoldRule } from './bold-names';
import { BOLD_SPANS, CAPITALISED_RUNS, HEADER_CELLS, LEADING_NAME, LINKED_LEAD, TABLE_ROW } from './candidates';
import type { CandidateRule, CandidateSource } from './candidate';
import {
  CATEGORY_PAIR,
  DESCRIBES_THE_HEADING,
  DESCRIBES_THE_LEAD,
  DESCRIBES_THE_PARENT,
  EXAMPLE_OF_A_FEATURE,
  FEATURE_LEAD,
  FIELD_OF_THE_HEADING,
  MADE_IN_PLACE,
  COUNTRY_AFTER_IN,
  NAMES_A_QUALITY_OF_IT,
  NUMBERED_FACTOR,
  PLACE_IN_A_FACT,
  SAYS_NOT_KNOWN,
  SPEC_ROW,
} from './layout-rules';
import {
  INSIDE_A_LABEL,
  INSIDE_HYPHENATED_WORD,
  INSIDE_LONGER_NAME,
  NAMES_A_QUALITY,
  POSITIONAL_CAPITAL,
  SAID_NOT_KNOWN,
  WRITTEN_OTHERWISE,
  type MentionRule,
} from './mention-rules';
import { BRAND_NOT_NAMED, MAKER_BESIDE_ITS_PRODUCTS, type DistinctRule } from './identity-rules';
import { MAKERS_OWN_STORE, type OptionRule } from './option-rules';
import { RUN_RULES, type RunRule } from './run-rules';
import { PLACE_TO_BUY_ASIDE, QUOTED_BLOCK, QUOTED_SOURCE_ASIDE, SOLD_AT_ASIDE, SOURCE_VERB_ASIDE, type SlotRule } from './slots';
import { ANNOUNCED_LIST, FACTOR_HEADING, OPTION_HEADING, type SectionRule } from './section-rules';
import { WORD_RULES } from './word-rules';
import { AMONG_DESCRIPTIONS, CARD_LABEL, GRADING_LABEL_LEAD } from './label-rules';

/**
 * The brand reader's pipeline, written once (docs/brand-reader.md §3; wanasit/chrono's configuration is the model):
 * each stage is an ordered list of named rules `{name, example, why, apply}`, run by one loop. Reordering, removing or
 * adding a rule is an edit of this file; test/domain/brand/run-rules.test.ts runs every rule on its own example.
 */
export interface ReaderConfiguration {
  /** What the layout says about each unit from the units before it, set as the unit is entered (section-rules.ts). */
  layoutRules: readonly SectionRule[];
  /** Where candidate names come from, unit by unit (candidates.ts). */
  candidates: readonly CandidateSource[];
  /** What sets a bold span aside as no name before it is a candidate (bold-names.ts). */
  boldRules: readonly BoldRule[];
  /** What drops a candidate, in order; the first that drops it says why (layout-rules.ts, word-rules.ts). */
  candidateRules: readonly CandidateRule[];
  /** What drops an option once the whole answer is read (option-rules.ts). */
  optionRules: readonly OptionRule[];
  /** What sets a distinct option aside once every option is matched to the others (identity-rules.ts). */
  distinctRules: readonly DistinctRule[];
  /** What trims, keeps or drops a run of capitalised words (run-rules.ts). */
  runRules: readonly RunRule[];
  /** What leaves a naming without a rank where it stands (slots.ts). */
  slotRules: readonly SlotRule[];
  /** What makes an occurrence of the brand's name no mention of it (mention-rules.ts). */
  mentionRules: readonly MentionRule[];
}

export const READER: ReaderConfiguration = {
  layoutRules: [OPTION_HEADING, FACTOR_HEADING, ANNOUNCED_LIST],
  candidates: [LINKED_LEAD, BOLD_SPANS, HEADER_CELLS, TABLE_ROW, CAPITALISED_RUNS, LEADING_NAME],
  boldRules: [BOLD_LABEL, BOLD_SENTENCE, BOLD_ORDINARY_PHRASE, BOLD_DESCRIPTION],
  candidateRules: [
    // The layout first: a name's place says more than its words.
    CATEGORY_PAIR,
    CARD_LABEL,
    GRADING_LABEL_LEAD,
    AMONG_DESCRIPTIONS,
    FEATURE_LEAD,
    FIELD_OF_THE_HEADING,
    ...WORD_RULES,
    SPEC_ROW,
    DESCRIBES_THE_LEAD,
    DESCRIBES_THE_PARENT,
    DESCRIBES_THE_HEADING,
    NUMBERED_FACTOR,
    NAMES_A_QUALITY_OF_IT,
    EXAMPLE_OF_A_FEATURE,
    PLACE_IN_A_FACT,
    MADE_IN_PLACE,
    COUNTRY_AFTER_IN,
    SAYS_NOT_KNOWN,
  ],
  optionRules: [MAKERS_OWN_STORE],
  distinctRules: [MAKER_BESIDE_ITS_PRODUCTS, BRAND_NOT_NAMED],
  runRules: RUN_RULES,
  slotRules: [QUOTED_BLOCK, QUOTED_SOURCE_ASIDE, PLACE_TO_BUY_ASIDE, SOURCE_VERB_ASIDE, SOLD_AT_ASIDE],
  mentionRules: [
    SAID_NOT_KNOWN,
    INSIDE_LONGER_NAME,
    WRITTEN_OTHERWISE,
    INSIDE_HYPHENATED_WORD,
    NAMES_A_QUALITY,
    INSIDE_A_LABEL,
    POSITIONAL_CAPITAL,
  ],
};
