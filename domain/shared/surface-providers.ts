import type { SurfaceId, SurfaceProvider } from './platforms';

/**
 * The SERP-API providers that sell the search surfaces (docs/surfaces.md; facts in
 * references/consumer-surfaces.md): their credentials, base URL and the product each surface is.
 */
export interface SurfaceProviderDefinition {
  name: string;
  /** Prefix of its base-URL variable (`<env>_BASE_URL`). */
  env: string;
  /** The variables that together are its credentials, in the order they are joined (login:password). */
  credentials: readonly string[];
  defaultBaseUrl: string;
}

export const SURFACE_PROVIDERS: Record<SurfaceProvider, SurfaceProviderDefinition> = {
  serpapi: { name: 'SerpApi', env: 'SERPAPI', credentials: ['SERPAPI_API_KEY'], defaultBaseUrl: 'https://serpapi.com' },
  dataforseo: {
    name: 'DataForSEO',
    env: 'DATAFORSEO',
    credentials: ['DATAFORSEO_LOGIN', 'DATAFORSEO_PASSWORD'],
    defaultBaseUrl: 'https://api.dataforseo.com',
  },
};

/** The provider's product for a surface: what the report names as the answer's model, and its key in the price table. */
const PRODUCTS: Record<SurfaceProvider, Partial<Record<SurfaceId, string>>> = {
  serpapi: { 'google-ai-mode': 'google_ai_mode', 'google-ai-overviews': 'google_ai_overview' },
  dataforseo: { 'google-ai-mode': 'google_ai_mode', 'google-ai-overviews': 'google_organic', 'chatgpt-app': 'chatgpt_scraper' },
};

export function surfaceModel(provider: SurfaceProvider, surface: SurfaceId): string {
  return `${provider}/${PRODUCTS[provider][surface]}`;
}

/** "set SERPAPI_API_KEY, or DATAFORSEO_LOGIN and DATAFORSEO_PASSWORD": what configures a surface. */
export function surfaceSetting(providers: readonly SurfaceProvider[]): string {
  return `set ${providers.map((provider) => new Intl.ListFormat('en-GB').format(SURFACE_PROVIDERS[provider].credentials)).join(', or ')}`;
}
