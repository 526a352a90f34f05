import { z } from 'zod';
import type { DemandRequest, DemandVolume } from '../../domain/brand/report/demand';
import { dataForSeoMarket, DATAFORSEO_DEFAULT_MARKET } from '../../domain/shared/surface-markets';
import { PlatformError } from './platform-error';

/**
 * DataForSEO's demand endpoints (docs/checks/brand.md, "Demand"; references/products-demand-agents.md
 * §2): one Live task of up to 1,000 keywords, Basic authentication, the outcome in the task's
 * `status_code`. AI search volume needs a location and a language; Google Ads' takes them as options,
 * and refuses a keyword over 80 characters or 10 words (the caller sends none).
 */
const PATHS = {
  ai: '/v3/ai_optimization/ai_keyword_data/keywords_search_volume/live',
  google: '/v3/keywords_data/google_ads/search_volume/live',
} as const;

export interface DemandCredentials {
  /** `login:password`. */
  apiKey: string;
  baseUrl: string;
}

const monthly = z.array(z.looseObject({ year: z.number(), month: z.number() })).nullish();
const aiResult = z.looseObject({
  items: z.array(z.looseObject({ keyword: z.string(), ai_search_volume: z.number().nullish(), ai_monthly_searches: monthly })).nullish(),
});
const googleResult = z.looseObject({ keyword: z.string(), search_volume: z.number().nullish(), monthly_searches: monthly });
const envelopeSchema = z.looseObject({
  status_code: z.number(),
  status_message: z.string().optional(),
  tasks: z
    .array(
      z.looseObject({
        status_code: z.number(),
        status_message: z.string().optional(),
        cost: z.number().nullish(),
        result: z.array(z.unknown()).nullish(),
      }),
    )
    .nullish(),
});

/** The latest month of a monthly series as "2026-10". */
function latestMonth(series: z.infer<typeof monthly>): string | null {
  const latest = [...(series ?? [])].sort((a, b) => b.year - a.year || b.month - a.month)[0];
  return latest ? `${latest.year}-${String(latest.month).padStart(2, '0')}` : null;
}

export async function requestVolumes(
  credentials: DemandCredentials,
  request: DemandRequest,
  signal?: AbortSignal,
): Promise<{ volumes: DemandVolume[]; costUsd: number }> {
  const task = { keywords: request.phrases, ...(request.market ? dataForSeoMarket(request.market) : DATAFORSEO_DEFAULT_MARKET) };
  let response: Response;
  let text: string;
  try {
    response = await fetch(`${credentials.baseUrl}${PATHS[request.endpoint]}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Basic ${Buffer.from(credentials.apiKey).toString('base64')}` },
      body: JSON.stringify([task]),
      signal: signal ?? AbortSignal.timeout(60_000),
    });
    text = await response.text();
  } catch (error) {
    throw new PlatformError('network', `DataForSEO could not be reached (${error instanceof Error ? error.message : String(error)})`);
  }
  if (response.status === 401)
    throw new PlatformError('auth', 'DataForSEO rejected the login; check DATAFORSEO_LOGIN and DATAFORSEO_PASSWORD');
  if (response.status === 402) throw new PlatformError('quota', 'DataForSEO has no balance left; top up the account');
  if (response.status === 429) throw new PlatformError('rate-limited', 'DataForSEO asked to slow down (HTTP 429)');
  if (response.status >= 500) throw new PlatformError('server', `DataForSEO had a server error (HTTP ${response.status})`);
  let envelope: z.infer<typeof envelopeSchema>;
  try {
    envelope = envelopeSchema.parse(JSON.parse(text));
  } catch {
    throw new PlatformError('server', `DataForSEO gave an unreadable answer (HTTP ${response.status})`);
  }
  const outcome = envelope.tasks?.[0];
  const code = outcome?.status_code ?? envelope.status_code;
  const said = `DataForSEO ${code}${(outcome?.status_message ?? envelope.status_message) ? `: ${outcome?.status_message ?? envelope.status_message}` : ''}`;
  if (code !== 20000 || !outcome) {
    if (code >= 50000 || code === 40101) throw new PlatformError('server', `${said} (a server error)`);
    if (code >= 40200 && code < 40300) throw new PlatformError('quota', `${said} (no balance left)`);
    if (code >= 40100 && code < 40200) throw new PlatformError('auth', `${said} (the login was rejected)`);
    throw new PlatformError('bad-request', `${said} (the request was refused)`);
  }
  const costUsd = outcome.cost ?? 0;
  const byPhrase = new Map<string, { volume: number | null; month: string | null }>();
  if (request.endpoint === 'ai') {
    for (const item of aiResult.parse(outcome.result?.[0] ?? {}).items ?? [])
      byPhrase.set(item.keyword.toLowerCase(), { volume: item.ai_search_volume ?? null, month: latestMonth(item.ai_monthly_searches) });
  } else {
    for (const raw of outcome.result ?? []) {
      const item = googleResult.safeParse(raw);
      if (item.success)
        byPhrase.set(item.data.keyword.toLowerCase(), {
          volume: item.data.search_volume ?? null,
          month: latestMonth(item.data.monthly_searches),
        });
    }
  }
  // A keyword left out, a null and a 0 all mean no data (docs/checks/brand.md): never a volume of 0.
  const volumes = request.phrases.map((phrase) => {
    const found = byPhrase.get(phrase.toLowerCase());
    const volume = found?.volume && found.volume > 0 ? found.volume : null;
    return { phrase, volume, month: volume === null ? null : (found?.month ?? null) };
  });
  return { volumes, costUsd };
}
