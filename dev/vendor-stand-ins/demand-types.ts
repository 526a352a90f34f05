/** What DataForSEO's demand stand-in serves (dataforseo-demand.ts): set by a test, read by the handler. */

type Volume = number | null | undefined;
/** The task's location and language fields, as sent. */
type Place = Record<string, unknown>;

export interface DemandBehaviour {
  /** A keyword's AI search volume where it is asked: a number, null (the vendor's null), or undefined (left out). */
  ai?: (keyword: string, place: Place) => Volume;
  /** A keyword's Google search volume: a number, or null/undefined (null in the result). */
  google?: (keyword: string, place: Place) => Volume;
  /** Wait this long before answering. */
  delayMs?: number;
  /** The month the volumes are for (default 2026-10). */
  month?: { year: number; month: number };
}
