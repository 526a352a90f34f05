/**
 * The phrases that give a name a role other than an option's, by what stands before it: a source the
 * answer quotes, a place to buy. Read where a name stands (option-names.ts) and where it is presented
 * (slots.ts).
 */

/**
 * A publisher the answer quotes ("according to RTINGS", "reviewers on OutdoorGearLab", "laut Stiftung
 * Warentest", "selon UFC-Que Choisir", "según la OCU", "(Source: Wirecutter)") is a source, not an option; the cue is a whole
 * word ("per", not the end of "Proper"), and a list of sources after it shares it ("according to the
 * Sleep Foundation and Consumer Reports").
 */
export const QUOTES_SOURCE =
  /(?<![\p{L}\p{N}])(?:according to|sources?:|reviewers? (?:at|from|on)|(?:reviews?|ratings?|rankings?|testing|tests) (?:from|on|at|by)|rated (?:by|on)|reported by|tested by|per|laut|selon|según)\s+(?:the\s+|la\s+|l['’]|el\s+)?(?:[^\s,.;:]+(?:\s+[^\s,.;:]+){0,3}\s*(?:,\s*(?:and\s+|or\s+|et\s+|und\s+|y\s+)?|\s+(?:and|or|et|und|y)\s+))*$/iu;

/**
 * "Wirecutter and RTINGS both rate Roborock…", "OutdoorGearLab tested the…", "WordPress.org itself recommends a few
 * hosts", "Consumer Reports found that…", "REI's buying guide": a name (and the names joined to it) as the subject of
 * a verb that rates, recommends or reports, or the owner of a guide or a test. Rating verbs in the present only after "both", "also", "all" ("Ally Bank rates" are its
 * rates); the others only before what they say ("that", "a", "the").
 */
export const SOURCE_VERB_AFTER =
  /^(?:(?:\s*,\s*|\s+(?:and|&)\s+)\p{Lu}[\p{L}\p{N}.'’-]*(?:\s+\p{Lu}[\p{L}\p{N}.'’-]*)?)*(?:\s+(?:(?:both|also|all)\s+(?:rate|rank|test|review)s?|rated|ranked|tested|reviewed)\s+(?:\p{Lu}|(?:it|them|the|this|these)\s)|(?:\s+itself)?\s+(?:recommends|reports|notes|says|suggests|found|finds)\s+(?:that|a|an|a few|several|these|this|the)\s|['’]s\s+(?:own\s+)?(?:[\p{L}-]+\s+)?(?:guide|roundup|testing|tests|editors|experts)\b)/u;

/** What leads a list of places to buy, up to the name: "Available at: Apple, ", "Where to buy: ", "retailers like ". */
export const PLACE_LEAD =
  /(?:available (?:at|from|on|through)|where to (?:buy|find)|buy (?:it |them )?(?:at|from|on)|purchase (?:it |them )?(?:at|from|through)|sold (?:at|by)|find (?:it|them|these) at|retailers?(?: like| such as)?|stores?(?: like| such as)?|erhältlich (?:bei|in)|disponible (?:chez|en)|chez|trouverez chez)\s*[:：]?\s*(?:[^\n:.;]*?(?:,|\bor\b|\band\b|\bund\b|\bou\b)\s*)?$/iu;

/** The words every place-to-buy cue holds: a line without one is passed over before PLACE_LEAD tries each of its positions. */
const PLACE_WORD = /available|where to|buy|purchase|sold|find|retailer|store|erhältlich|disponible|chez/iu;

/** The text (a line up to a name) ends in a place-to-buy cue ("Available at", "retailers like Target, "). */
export const endsWithPlaceLead = (text: string) => PLACE_WORD.test(text) && PLACE_LEAD.test(text);

/** The nouns of a list of features, specifications, criteria or advice; a list of options names options, products, picks. */
export const FEATURE_NOUNS =
  /\b(?:features?|specs|specifications?|factors|considerations|criteria|tips|steps|benefits|advantages|capabilities|functions|requirements|settings|materials|certifications?|things to (?:look for|consider)|what to look for)\b/iu;
