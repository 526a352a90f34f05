import { isKnownWord } from './ordinary-words';
import { SPACES } from './patterns';

/** The words and marks the option readers share: what a name is made of and how a candidate is cleaned. */

/** Longer runs are sentences, not names. */
export const MAX_NAME_WORDS = 8;

export interface OptionName {
  name: string;
  start: number;
  end: number;
  /** Read whole, as a shop card names its product: the same option only as another naming of that very name. */
  whole?: true;
}

/** Words that grade a model rather than name one: "M4 Max", "Pro", "Ultra". */
export const MODEL_SUFFIX = /^(?:max|pro|plus|ultra|mini|lite|air|chip|chips|series|gen)$/iu;

/** A size, count or resolution leading a specification ("512GB SSD", "16-inch", "1920x1080"). */
export const MEASURE_LEAD = /^(?:[$£€¥]?\d+(?:[.,]\d+)*(?:["″%]|-inch|[a-z]{1,3})?|\d+x\d+)$/iu;

/** Every word in SCOWL's larger list, or a measure. */
export const isKnownPhrase = (phrase: string) =>
  phrase
    .split(SPACES)
    .filter(Boolean)
    .every((word) => isKnownWord(word) || MEASURE_LEAD.test(word));

/** The small words that join a label's words, in lower case as a label writes them ("Portability and Placement"). */
export const LOWER_JOINER = /^(?:&|\/|and|or|of|for|the|in|on|to|with)$/u;

/** A candidate without its markup, numbering, trailing parenthesis and punctuation. */
export function cleanName(name: string): string {
  return name
    .replace(/\[([^\]]*)\]\([^)]*\)/gu, '$1')
    .replace(/^\s*\[([^\]]*)\]\s*$/u, '$1')
    .replace(/[*_`]/gu, '')
    .replace(/^\s*\d{1,3}[.)]\s*/u, '')
    .replace(/\s*\(.*\)\s*$/u, '')
    .replace(/[\s:：,.;–—-]+$/u, '')
    .trim();
}

/** What follows a product's name inside its full name without making it another product: "15", "OLED", "Pro", "5G", "(2024)", "SE". */
export const isModelWord = (word: string) =>
  MODEL_SUFFIX.test(word) || /^(?:\(?\d{2,4}\)?|[\p{L}\p{N}]*\d[\p{L}\p{N}+%-]*|[A-Z]{2,5}\+?|se|fe)$/iu.test(word);

/** The words after a name add only a model's words to it ("Plus G6", "15 OLED", or none): the same product line, not another. */
export const onlyModelWords = (rest: string) => rest.split(SPACES).every((word) => word === '' || isModelWord(word));
