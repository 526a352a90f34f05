import type { z } from 'zod';
import type { CheckKind } from '../../domain/shared/check-kinds';
import type { CheckInput } from '../../infra/check-client';
import { articleRequestSchema } from './article/schemas';
import { brandRequestSchema } from './brand/schemas';
import { checkRequestSchema } from './site/schemas';
import { trafficInputSchema } from './traffic/schemas';

/**
 * The input that starts each kind, on its own so that the monitors' schemas (which the MCP tools' types
 * reach) can read it without the rest of the registry; each kind's entry (api/kinds/<kind>/index.ts) carries it.
 */
export const REQUEST_SCHEMAS: { [K in CheckKind]: z.ZodType<CheckInput<K>> } = {
  site: checkRequestSchema,
  brand: brandRequestSchema,
  article: articleRequestSchema,
  traffic: trafficInputSchema,
};
