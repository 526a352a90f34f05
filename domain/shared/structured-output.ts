/**
 * A reply shape asked of the analysis model as structured output. The schema is written in the subset
 * every vendor accepts for strict output (OpenAI's strict mode, Anthropic's structured outputs,
 * Gemini's responseSchema): objects with every property required and `additionalProperties: false`,
 * arrays with `items`, strings (with an `enum` of allowed values where the reply picks one), integers.
 * Each protocol adapter sends it in its vendor's form.
 */
export interface StructuredOutput {
  /** Letters and digits, at most 64: a format's name as OpenAI (which also allows _ and -) and Perplexity take it. */
  name: string;
  description: string;
  schema: JsonSchema;
}

export type JsonSchema =
  | { type: 'object'; properties: Record<string, JsonSchema>; required: string[]; additionalProperties: false; description?: string }
  | { type: 'array'; items: JsonSchema; description?: string }
  | { type: 'string'; enum?: string[]; description?: string }
  | { type: 'integer'; description?: string };
