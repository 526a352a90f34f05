/**
 * The platform registry as a deployment that adds a sixth platform has it (the replay test bundles
 * the workflows with this module in place of domain/shared/platforms.ts).
 */
import { PLATFORMS as FIVE } from '../../domain/shared/platforms';

export * from '../../domain/shared/platforms';

export const PLATFORMS = [
  ...FIVE,
  {
    id: 'mistral',
    name: 'Le Chat',
    dialect: { protocol: 'openai-responses', path: '/v1/conversations', forceSearch: false, includeSources: false },
    env: 'MISTRAL',
    defaultBaseUrl: 'https://api.mistral.ai',
    defaultModel: 'mistral-medium-latest',
    modelsPath: '/v1/models',
  },
] as const;
