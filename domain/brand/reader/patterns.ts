/**
 * The few patterns the reader's files all use, written once (docs/brand-reader.md §4 counts the reader's regular
 * expressions: fewer is the direction). Neither is global, so one object serves every caller.
 */

/** White space between words: `text.split(SPACES)`. */
export const SPACES = /\s+/u;

/** Opens with a capital letter. */
export const OPENS_CAPITAL = /^\p{Lu}/u;
