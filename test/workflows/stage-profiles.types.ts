import type { local, planning, site, store } from '../../workflows/stage-options';

/**
 * Compiled by `npm run typecheck` (never run by jest): each retry profile exposes the activities of
 * its kind only, so a stage called through the wrong profile does not compile (docs/development.md).
 * Were one of these activities added to the wrong profile, its `@ts-expect-error` would go unused and fail.
 */

// @ts-expect-error the site profile (90 s, one retry) does not save reports: the store's profile does
export type SiteSavesSnapshot = (typeof site)['saveSnapshot'];
export type StoreSavesSnapshot = (typeof store)['saveSnapshot'];

// @ts-expect-error asking a platform is no local activity: it waits for the platform's budget on its own queue
export type LocalAsks = (typeof local)['askPlatform'];

// @ts-expect-error the planning profile does not fetch pages
export type PlanningFetches = (typeof planning)['fetchHomePage'];
