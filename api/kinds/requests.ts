import type { z } from 'zod';
import type { CheckKind } from '../../domain/shared/check-kinds';
import type { CheckInput } from '../../infra/check-client';
import { articleRequestSchema, brandRequestSchema, checkRequestSchema, trafficInputSchema } from '../schemas';

/**
 * The input that starts each kind, on its own so that the monitors' schemas (which the MCP tools' types
 * reach) can read it without the rest of the registry; each kind's entry (api/kinds/<kind>.ts) carries it.
 */
export const REQUEST_SCHEMAS: { [K in CheckKind]: z.ZodType<CheckInput<K>> } = {
  site: checkRequestSchema,
  brand: brandRequestSchema,
  article: articleRequestSchema,
  traffic: trafficInputSchema,
};
