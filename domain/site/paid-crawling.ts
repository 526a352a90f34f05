import { firstHeader } from '../shared/http-response';

/**
 * A crawler asked to pay rather than refused (docs/checks/site.md, "Paid crawling"): Cloudflare's pay per
 * crawl answers `402` with `crawler-price: USD 0.01`; x402 answers `402` with its payment requirements, in
 * a `PAYMENT-REQUIRED` header (v2: base64 JSON) or the body (v1: JSON). Anything else about a 402 is a refusal.
 */
export interface Charge {
  scheme: 'pay-per-crawl' | 'x402';
  /** As the site states it: "USD 0.01", or the x402 amount in its asset ("USDC 0.01"). */
  price: string;
}

type Headers = Record<string, string | string[] | undefined>;

/** USDC and EURC have 6 decimals (Circle): an x402 amount in them is read as money; other assets stay in atomic units. */
const SIX_DECIMALS = /^(usdc|usd coin|eurc|euro coin)$/i;

interface PaymentRequirement {
  amount?: unknown;
  maxAmountRequired?: unknown;
  asset?: unknown;
  network?: unknown;
  extra?: { name?: unknown };
}

function x402Price(requirements: unknown): string | undefined {
  const accepts = typeof requirements === 'object' && requirements !== null ? (requirements as { accepts?: unknown }).accepts : undefined;
  const first = Array.isArray(accepts) ? (accepts[0] as PaymentRequirement | undefined) : undefined;
  if (!first) return undefined;
  const amount = first.amount ?? first.maxAmountRequired;
  if (typeof amount !== 'string' || !/^\d{1,30}$/.test(amount)) return undefined;
  const name = typeof first.extra?.name === 'string' ? first.extra.name : undefined;
  if (name && SIX_DECIMALS.test(name)) return `${name.toUpperCase().startsWith('EUR') ? 'EURC' : 'USDC'} ${Number(amount) / 1e6}`;
  const asset = name ?? (typeof first.asset === 'string' ? first.asset : 'an asset');
  return `${amount} atomic units of ${asset}${typeof first.network === 'string' ? ` on ${first.network}` : ''}`;
}

const parseJson = (text: string): unknown => {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
};

const fromBase64 = (text: string): string => {
  try {
    return new TextDecoder().decode(Uint8Array.from(atob(text), (char) => char.charCodeAt(0)));
  } catch {
    return '';
  }
};

/** The charge a 402 states, or undefined when the answer is no priced 402. */
export function chargeOf(status: number | null, headers: Headers, bodyStart: string): Charge | undefined {
  if (status !== 402) return undefined;
  const price = firstHeader(headers['crawler-price'])?.trim();
  if (price) return { scheme: 'pay-per-crawl', price: price.slice(0, 40) };
  const required = firstHeader(headers['payment-required'])?.trim();
  if (required) {
    const decoded = parseJson(fromBase64(required));
    return { scheme: 'x402', price: x402Price(decoded) ?? 'a payment (x402)' };
  }
  const body = parseJson(bodyStart);
  if (typeof body === 'object' && body !== null && 'x402Version' in body)
    return { scheme: 'x402', price: x402Price(body) ?? 'a payment (x402)' };
  return undefined;
}
