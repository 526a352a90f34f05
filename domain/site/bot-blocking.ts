/**
 * Whether an answer to a simulated crawler is a refusal: an HTTP status that WAFs and CDNs use to turn
 * bots away, or a challenge page (the status of which is often 200 or 403). A 402 that states a price is
 * a charge, not a refusal: the simulation tells it apart first (paid-crawling.ts).
 */
const REFUSAL_STATUSES = new Set([401, 402, 403, 406, 429, 451, 503]);

const CHALLENGE_MARKERS = [
  /<title>\s*just a moment\.\.\.\s*<\/title>/i,
  /attention required! \| cloudflare/i,
  /challenge-platform|cf-chl-|cf_chl_opt/i,
  /_incapsula_resource|incapsula incident/i,
  /px-captcha|perimeterx/i,
  /captcha-delivery\.com|datadome/i,
  /<title>\s*access denied\s*<\/title>/i,
  /sgcaptcha|verify you are (a )?human/i,
];

export function isChallengePage(headers: Record<string, string | string[] | undefined>, bodyStart: string): boolean {
  const mitigated = headers['cf-mitigated'];
  if ((Array.isArray(mitigated) ? mitigated.join() : (mitigated ?? '')).includes('challenge')) return true;
  return CHALLENGE_MARKERS.some((marker) => marker.test(bodyStart));
}

export function isRefusal(status: number | null, challenge: boolean): boolean {
  return status === null || challenge || REFUSAL_STATUSES.has(status);
}
