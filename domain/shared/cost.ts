/** Tokens and searches one answer used, as its vendor reported them. Pure: workflow code adds costs up. */
export interface Usage {
  inputTokens: number;
  outputTokens: number;
  /** Web searches the vendor ran (and bills) for this answer. */
  searches: number;
}

/** What a report's answers cost together, in dollars; null when no answer's cost is known. */
export function totalCostUsd(costs: readonly (number | null | undefined)[]): number | null {
  const known = costs.filter((cost): cost is number => typeof cost === 'number');
  return known.length === 0 ? null : roundMicro(known.reduce((sum, cost) => sum + cost, 0));
}

/** Dollars to a millionth: a search costs a cent or less. */
export function roundMicro(dollars: number): number {
  return Math.round(dollars * 1_000_000) / 1_000_000;
}
