import { excludesZero, newcombe } from '../../shared/newcombe';
import { formatPercent, wilson, type Rate } from '../../shared/rate';
import { isSurfaceId, SURFACE_API } from '../../shared/surface-ids';
import type { SurfacePresence, SurfaceVsApi } from './report-schema';

/**
 * What a brand report says of the search surfaces (docs/surfaces.md, what people see, where they
 * are"): how often each showed an answer at all, and where a surface and its own vendor's API were
 * both asked, whether the API tells the brand what people see. Pure, for workflow code.
 */

export interface SurfaceEntry {
  platformId: string;
  platform: string;
  /** The reply's status: a surface's `no-answer` is no overview shown, `unavailable` is not offered there. */
  status: 'answered' | 'no-answer' | 'unavailable' | 'error';
  /** An answer to an unbranded question… */
  unbranded: boolean;
  /** …that answered (as the headline metrics count it: not a refusal, not absent, not failed). */
  counted: boolean;
  mentioned: boolean;
  firstRecommended: boolean;
}

/** Per surface asked: of the questions it could answer (not unavailable, not failed), how many showed an answer. */
export function surfacePresenceOf(entries: readonly SurfaceEntry[]): SurfacePresence[] {
  return groups(entries.filter((entry) => isSurfaceId(entry.platformId))).map(([platformId, mine]) => {
    const asked = mine.filter((entry) => entry.status === 'answered' || entry.status === 'no-answer');
    return {
      platformId,
      platform: mine[0]!.platform,
      shown: wilson(asked.filter((entry) => entry.status === 'answered').length, asked.length),
      unavailable: mine.filter((entry) => entry.status === 'unavailable').length,
    };
  });
}

/**
 * Surface and API side by side, on the answers each gave to the unbranded questions: each rate with
 * its interval, and a verdict by the monitors' two-proportion test (Newcombe's interval at 95%
 * excluding zero): the API overstates or understates what people see, or they agree within noise.
 */
export function surfaceVsApiOf(entries: readonly SurfaceEntry[]): SurfaceVsApi[] {
  const byId = new Map(groups(entries.filter((entry) => entry.unbranded && entry.counted)));
  return Object.entries(SURFACE_API).flatMap(([surfaceId, apiId]) => {
    const surface = byId.get(surfaceId);
    const api = byId.get(apiId);
    if (!surface || !api) return [];
    const compare = (pick: (entry: SurfaceEntry) => boolean) => {
      const x1 = surface.filter(pick).length;
      const x2 = api.filter(pick).length;
      const interval = newcombe(x1, surface.length, x2, api.length);
      return { surface: wilson(x1, surface.length), api: wilson(x2, api.length), differs: excludesZero(interval) };
    };
    const mentionRate = compare((entry) => entry.mentioned);
    const firstRecommendationRate = compare((entry) => entry.firstRecommended);
    const verdict = verdictOf(mentionRate);
    const names = { surface: surface[0]!.platform, api: api[0]!.platform };
    return [
      {
        surfaceId,
        apiId,
        ...names,
        mentionRate,
        firstRecommendationRate,
        verdict,
        sentence: sentenceOf(names, mentionRate, firstRecommendationRate, verdict),
      },
    ];
  });
}

type Compared = { surface: Rate; api: Rate; differs: boolean };

function verdictOf(mentionRate: Compared): SurfaceVsApi['verdict'] {
  if (!mentionRate.differs) return 'agree';
  return mentionRate.api.value > mentionRate.surface.value ? 'api-overstates' : 'api-understates';
}

function sentenceOf(names: { surface: string; api: string }, mention: Compared, first: Compared, verdict: SurfaceVsApi['verdict']): string {
  const rates = `${names.surface} names you in ${formatPercent(mention.surface.value)} of answers, ${names.api}'s API in ${formatPercent(mention.api.value)}`;
  if (verdict === 'api-overstates') return `${rates}: the API overstates what people see.`;
  if (verdict === 'api-understates') return `${rates}: the API understates what people see.`;
  const firstToo = first.differs
    ? `; but it names you first in ${formatPercent(first.surface.value)} against ${formatPercent(first.api.value)}, beyond noise`
    : '';
  return `${rates}: no difference beyond noise${firstToo}.`;
}

function groups(entries: readonly SurfaceEntry[]): [string, SurfaceEntry[]][] {
  const map = new Map<string, SurfaceEntry[]>();
  for (const entry of entries) map.set(entry.platformId, [...(map.get(entry.platformId) ?? []), entry]);
  return [...map];
}
