import type { Config } from '../../domain/shared/config';
import { choosePlatforms } from '../../domain/shared/platform-choice';
import { SURFACES } from '../../domain/shared/platforms';
import { estimatedCostUsd, TYPICAL_GROUNDED_ANSWER } from '../../domain/shared/prices';
import { SURFACE_PROVIDERS, surfaceModel } from '../../domain/shared/surface-providers';

/**
 * Lines for `npm run bench`: what each kind of check costs at this configuration, from typical grounded
 * answers. The site check asks the five assistants; diagnoses and article checks also every configured
 * surface, whose price per question follows, by provider.
 */
export function costEstimateLines(config: Config): string[] {
  const modelsOf = (ids: readonly { id: keyof Config['platforms'] }[]) => ids.map((platform) => config.platforms[platform.id].model);
  const site = modelsOf(choosePlatforms(config.platforms, { scope: 'assistants' }));
  const survey = modelsOf(choosePlatforms(config.platforms, { scope: 'survey' }));
  const dollars = (models: readonly string[], answersPerPlatform: number, digits = 3) => {
    const cost = estimatedCostUsd(config.prices, models, answersPerPlatform);
    return cost === null ? 'unknown (a model has no price: set PRICES)' : `$${cost.toFixed(digits)}`;
  };
  const { inputTokens, outputTokens } = TYPICAL_GROUNDED_ANSWER;
  const surfaceLines = SURFACES.flatMap((surface) =>
    surface.dialect.providers.map((provider) => {
      const model = surfaceModel(provider, surface.dialect.surface);
      return `  a question on ${surface.name} through ${SURFACE_PROVIDERS[provider].name} (${model}): ${dollars([model], 1, 4)}`;
    }),
  );
  return [
    `estimated cost at these settings (each answer ~${inputTokens / 1000}k input and ${outputTokens} output tokens, 1 search; Gemini 2 queries; models ${survey.join(', ')}):`,
    `  site check, 1 question × ${site.length} platforms: ${dollars(site, 1)}`,
    `  brand diagnosis, ${config.brand.questions} questions × ${config.brand.runs} run(s) × ${survey.length} platforms: ${dollars(survey, config.brand.questions * config.brand.runs)}`,
    `  article check, ${config.article.questions} questions × ${survey.length} platforms: ${dollars(survey, config.article.questions)}`,
    ...surfaceLines,
  ];
}
