import type { SurfaceDialect } from '../../domain/shared/platforms';
import { offeredIn } from '../../domain/shared/surface-markets';
import { askDataForSeo } from './dataforseo';
import { PlatformError } from './platform-error';
import type { PlatformRequest, ProtocolReply } from './protocol';
import { askSerpApi } from './serpapi';

/**
 * A search surface through the provider configured for it (docs/surfaces.md). A market where the
 * surface is not offered is `unavailable` without a request: nothing to pay for, nothing to count.
 */
export async function askSearchSurface(request: PlatformRequest<SurfaceDialect>): Promise<ProtocolReply> {
  if (!offeredIn(request.dialect.surface, request.market)) {
    return {
      text: '',
      citations: [],
      found: [],
      searched: false,
      searchQueries: [],
      usage: { inputTokens: 0, outputTokens: 0, searches: 0 },
      model: request.model,
      absent: { status: 'unavailable', reason: 'not-offered' },
    };
  }
  // Both providers take the market as their own parameters (gl/hl/location; location_code/language_code).
  const appliedAs = request.market ? ({ marketAppliedAs: 'parameter' } as const) : {};
  if (request.provider === 'serpapi') return { ...(await askSerpApi(request)), ...appliedAs };
  if (request.provider === 'dataforseo') return { ...(await askDataForSeo(request)), ...appliedAs };
  throw new PlatformError('not-configured', `${request.platformName} has no provider configured`);
}
