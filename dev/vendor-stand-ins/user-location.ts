/**
 * The `user_location` of a web search tool, checked as the vendors' SDK types and guides give it
 * (openai-node WebSearchTool.UserLocation, anthropic-sdk-typescript UserLocation, Perplexity's user
 * location guide; references/peers-5.md §1a): an object; `type: "approximate"` where the vendor requires
 * it; `country` two capital letters (ISO 3166-1 alpha-2); `city` and `region` free text; `timezone` an
 * IANA zone; Perplexity's latitude and longitude only with a country.
 */
export interface LocationRules {
  /** OpenAI and Anthropic require `type: "approximate"`; Perplexity has no such field (its stray-field check refuses it). */
  typed: boolean;
}

export interface LocationProblem {
  /** The field under user_location: "country", "type". */
  field: string;
  message: string;
}

const TIME_ZONES = new Set(Intl.supportedValuesOf('timeZone'));

export function locationProblem(location: unknown, { typed }: LocationRules): LocationProblem | undefined {
  if (typeof location !== 'object' || location === null || Array.isArray(location)) return { field: '', message: 'expected an object' };
  const where = location as Record<string, unknown>;
  if (typed && where.type === undefined) return { field: 'type', message: 'required' };
  if (typed && where.type !== 'approximate') return { field: 'type', message: "expected 'approximate'" };
  if (where.country !== undefined && where.country !== null && (typeof where.country !== 'string' || !/^[A-Z]{2}$/.test(where.country)))
    return { field: 'country', message: 'expected a two-letter ISO 3166-1 country code such as "US"' };
  for (const field of ['city', 'region'] as const) {
    const value = where[field];
    if (value !== undefined && value !== null && typeof value !== 'string') return { field, message: 'expected a string' };
  }
  if (where.timezone !== undefined && where.timezone !== null && (typeof where.timezone !== 'string' || !TIME_ZONES.has(where.timezone)))
    return { field: 'timezone', message: 'expected an IANA time zone such as "America/Los_Angeles"' };
  if ((where.latitude !== undefined || where.longitude !== undefined) && typeof where.country !== 'string')
    return { field: 'country', message: 'required with latitude and longitude' };
  return undefined;
}
