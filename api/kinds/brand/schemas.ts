import { z } from 'zod';
import { brandReportSchema } from '../../../domain/brand/report/report-schema';
import { SOURCE_TYPES, isSourceType } from '../../../domain/brand/report/source-types';
import { MAX_TARGET_LENGTH } from '../../../domain/shared/target';
import {
  address,
  marketFields,
  NOT_BOTH_MARKET_FIELDS,
  NOT_ONLY_WHITE_SPACE,
  oneOfMarketFields,
  platformIds,
  summaryEventSchema,
} from '../../schemas';

/** A required string field, trimmed, with its length bounds named in the error. */
const text = (field: string, min: number, max: number, description: string) =>
  z
    .string({ error: (issue) => (issue.input === undefined ? `${field} is required` : `${field} must be a string`) })
    .trim()
    .min(min, { error: min === 1 ? `${field} is empty` : `${field} must be at least ${min} characters` })
    .max(max, { error: `${field} is longer than ${max} characters` })
    .regex(NOT_ONLY_WHITE_SPACE, { error: `${field} is empty` })
    .describe(description);

const names = (field: string, max: number, description: string) =>
  z
    .array(text(`each of ${field}`, 1, 80, 'A name'), { error: `${field} must be a list of names` })
    .max(max, { error: `${field} has more than ${max} names` })
    .default([])
    .describe(description);

/** A competitor by name, or by name and domain (its site is then typed `competitor` in the sources). */
const competitorList = z
  .array(
    z.union(
      [
        text('each of competitors', 1, 80, 'A name'),
        z.object({
          name: text('competitors[].name', 1, 80, 'A name'),
          // Not a check's target: a domain that names no public host types no citation, and is not refused.
          domain: text(
            'competitors[].domain',
            1,
            MAX_TARGET_LENGTH,
            "The competitor's domain or URL: its site's citations are typed competitor",
          ).optional(),
        }),
      ],
      {
        error: 'each of competitors must be a name or {"name", "domain"}',
      },
    ),
    { error: 'competitors must be a list of names or {"name", "domain"}' },
  )
  .max(10, { error: 'competitors has more than 10 names' })
  .default([])
  .describe('Competitors to compare with (up to 10), as names or {"name", "domain"}; others are discovered from the answers');

/** The request's own source types by domain (docs/checks/brand.md, "Source types"); an unknown type is named in the 400. */
const sourceTypeOverrides = z
  .record(
    z.string().min(1).max(253).regex(NOT_ONLY_WHITE_SPACE),
    // Published as the types' enum: a client following the document never sends one refused below.
    z.string({ error: 'each type in sourceTypes must be a string' }).meta({ enum: [...SOURCE_TYPES] }),
    { error: 'sourceTypes must be an object of domain → type' },
  )
  .meta({ maxProperties: 100 })
  .superRefine((types, ctx) => {
    const unknown = Object.entries(types).filter(([, type]) => !isSourceType(type));
    if (unknown.length > 0)
      ctx.addIssue({
        code: 'custom',
        message: `sourceTypes: unknown type ${unknown.map(([domain, type]) => `"${type}" (for ${domain})`).join(', ')}; choose from ${SOURCE_TYPES.join(', ')}`,
      });
    if (Object.keys(types).length > 100) ctx.addIssue({ code: 'custom', message: 'sourceTypes has more than 100 domains' });
  })
  .optional()
  .describe(`Source types of your own by domain, over the built-in list: ${SOURCE_TYPES.join(', ')}`);

export const brandRequestSchema = z
  .object({
    keyword: text('keyword', 2, 100, 'What people ask assistants about, e.g. "project planning software"'),
    brand: text('brand', 1, 80, 'The brand to look for in the answers, e.g. "Acme Plan"'),
    domain: address('domain').optional().describe("The brand's own domain or URL (optional): citations of it count as the brand cited"),
    aliases: names('aliases', 5, 'Other names of the brand that count as mentions (up to 5)'),
    competitors: competitorList,
    products: z
      .array(text('each of products', 1, 120, 'A product name'), { error: 'products must be a list of names' })
      .max(20, { error: 'products has more than 20 names' })
      .optional()
      .describe("The brand's products (up to 20, optional): a product card naming one counts as the brand's"),
    sourceTypes: sourceTypeOverrides,
    ...marketFields,
    platforms: platformIds,
  })
  .superRefine(oneOfMarketFields)
  .meta({ id: 'BrandDiagnosisRequest', ...NOT_BOTH_MARKET_FIELDS });

export const brandSummarySchema = summaryEventSchema('BrandDiagnosisSummaryEvent', brandReportSchema);
