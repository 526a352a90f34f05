/**
 * The few patterns the reader's files all use, written once (docs/brand-reader.md §4 counts the reader's regular
 * expressions: fewer is the direction). Neither is global, so one object serves every caller.
 */

/** White space between words: `text.split(SPACES)`. */
export const SPACES = /\s+/u;

/** Opens with a capital letter. */
export const OPENS_CAPITAL = /^\p{Lu}/u;

/** Holds a capital letter, a digit, a letter. */
export const HAS_CAPITAL = /\p{Lu}/u;
export const HAS_DIGIT = /\p{N}/u;
export const HAS_LETTER = /\p{L}/u;

/** One space for each run of white space: `text.replace(SPACE_RUNS, ' ')` (global, so for `replace` alone). */
export const SPACE_RUNS = /\s+/gu;

/** Ends in a plural's "s" ("jackets", not "dress"). */
export const PLURAL_ENDING = /[^s]s$/u;
/** Holds a letter or a digit. */
export const HAS_LETTER_OR_DIGIT = /[\p{L}\p{N}]/u;
