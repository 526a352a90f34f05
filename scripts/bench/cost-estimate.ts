import type { Config } from '../../domain/shared/config';
import { PLATFORMS } from '../../domain/shared/platforms';
import { estimatedCostUsd, TYPICAL_GROUNDED_ANSWER } from '../../domain/shared/prices';

/** Lines for `npm run bench`: what each kind of check costs at this configuration, from typical grounded answers. */
export function costEstimateLines(config: Config): string[] {
  const models = PLATFORMS.map((platform) => config.platforms[platform.id].model);
  const dollars = (answersPerPlatform: number) => {
    const cost = estimatedCostUsd(config.prices, models, answersPerPlatform);
    return cost === null ? 'unknown (a model has no price: set PRICES)' : `$${cost.toFixed(3)}`;
  };
  const { inputTokens, outputTokens } = TYPICAL_GROUNDED_ANSWER;
  return [
    `estimated cost at these settings (each answer ~${inputTokens / 1000}k input and ${outputTokens} output tokens, 1 search; Gemini 2 queries; models ${models.join(', ')}):`,
    `  site check, 1 question × ${models.length} platforms: ${dollars(1)}`,
    `  brand diagnosis, ${config.brand.questions} questions × ${config.brand.runs} run(s) × ${models.length} platforms: ${dollars(config.brand.questions * config.brand.runs)}`,
    `  article check, ${config.article.questions} questions × ${models.length} platforms: ${dollars(config.article.questions)}`,
  ];
}
