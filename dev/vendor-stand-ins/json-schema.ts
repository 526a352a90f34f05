/**
 * Structured output as the vendors check it before they answer, and a reply that fits the schema.
 *
 * - OpenAI strict mode (Structured Outputs guide, "Supported schemas"): the root is an object; every
 *   object sets `additionalProperties: false` and lists every property in `required`; the schema uses
 *   only the supported keywords. Claude's structured outputs and Perplexity's `response_format` take
 *   the same subset, with their own messages.
 * - Gemini's `responseSchema` is its Schema object (an OpenAPI subset): `type` one of the Type enum's
 *   names, and only the Schema fields; anything else is an unknown field.
 */

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

const STRICT_KEYWORDS = new Set([
  'type',
  'properties',
  'required',
  'additionalProperties',
  'items',
  'description',
  'enum',
  'const',
  'anyOf',
  '$defs',
  '$ref',
  'title',
  'format',
  'pattern',
  'minimum',
  'maximum',
  'exclusiveMinimum',
  'exclusiveMaximum',
  'multipleOf',
  'minItems',
  'maxItems',
]);

/** The first thing a strict-mode schema breaks, as a sentence; undefined when it is acceptable. */
export function strictSchemaProblem(schema: unknown, context = '()'): string | undefined {
  if (!isObject(schema)) return `In context=${context}, schema must be a JSON Schema object.`;
  if (context === '()' && schema.type !== 'object')
    return `schema must be a JSON Schema of 'type: "object"', got 'type: "${String(schema.type)}"'.`;
  const stray = Object.keys(schema).find((keyword) => !STRICT_KEYWORDS.has(keyword));
  if (stray) return `In context=${context}, '${stray}' is not permitted.`;
  if (schema.type === 'object') {
    const properties = isObject(schema.properties) ? schema.properties : {};
    if (schema.additionalProperties !== false)
      return `In context=${context}, 'additionalProperties' is required to be supplied and to be false.`;
    const required = Array.isArray(schema.required) ? schema.required : [];
    const missing = Object.keys(properties).find((name) => !required.includes(name));
    if (missing !== undefined)
      return `In context=${context}, 'required' is required to be supplied and to be an array including every key in properties. Missing '${missing}'.`;
    for (const [name, property] of Object.entries(properties)) {
      const problem = strictSchemaProblem(property, `${context === '()' ? '' : context}('properties', '${name}')`);
      if (problem) return problem;
    }
  }
  if (schema.type === 'array') {
    if (!isObject(schema.items)) return `In context=${context}, array schema missing items.`;
    return strictSchemaProblem(schema.items, `${context === '()' ? '' : context}('items',)`);
  }
  return undefined;
}

const GEMINI_TYPES = new Set(['TYPE_UNSPECIFIED', 'STRING', 'NUMBER', 'INTEGER', 'BOOLEAN', 'ARRAY', 'OBJECT', 'NULL']);
const GEMINI_FIELDS = new Set([
  'type',
  'format',
  'title',
  'description',
  'nullable',
  'enum',
  'maxItems',
  'minItems',
  'properties',
  'required',
  'minProperties',
  'maxProperties',
  'minLength',
  'maxLength',
  'pattern',
  'example',
  'anyOf',
  'propertyOrdering',
  'default',
  'items',
  'minimum',
  'maximum',
]);

/** The first field of a Gemini Schema the API does not know, or a bad `type`, as its error names it; undefined when acceptable. */
export function geminiSchemaProblem(schema: unknown, path = 'generation_config.response_schema'): string | undefined {
  if (!isObject(schema)) return `Invalid value at '${path}': not a Schema object.`;
  const stray = Object.keys(schema).find((field) => !GEMINI_FIELDS.has(field));
  if (stray) return `Invalid JSON payload received. Unknown name "${stray}" at '${path}': Cannot find field.`;
  if (schema.type !== undefined && !GEMINI_TYPES.has(String(schema.type)))
    return `Invalid value at '${path}.type' (type.googleapis.com/google.ai.generativelanguage.v1beta.Type), "${String(schema.type)}"`;
  // The Schema reference: `enum` holds the "possible values of the element of Type.STRING with enum format".
  if (
    schema.enum !== undefined &&
    (schema.type !== 'STRING' || !Array.isArray(schema.enum) || schema.enum.some((value) => typeof value !== 'string'))
  )
    return `Invalid value at '${path}.enum': enum is only supported for STRING type.`;
  for (const [name, property] of Object.entries(isObject(schema.properties) ? schema.properties : {})) {
    const problem = geminiSchemaProblem(property, `${path}.properties[${name}].value`);
    if (problem) return problem;
  }
  return schema.items === undefined ? undefined : geminiSchemaProblem(schema.items, `${path}.items`);
}

/** The least reply that fits a schema (JSON Schema or Gemini's): what a model asked for nothing in particular returns. */
export function leastInstance(schema: unknown): unknown {
  if (!isObject(schema)) return null;
  const type = String(schema.type).toLowerCase();
  if (Array.isArray(schema.enum) && schema.enum.length > 0) return schema.enum[0];
  switch (type) {
    case 'object': {
      const properties = isObject(schema.properties) ? schema.properties : {};
      return Object.fromEntries(Object.entries(properties).map(([name, property]) => [name, leastInstance(property)]));
    }
    case 'array':
      return [];
    case 'string':
      return '';
    case 'integer':
    case 'number':
      return 0;
    case 'boolean':
      return false;
    default:
      return null;
  }
}
