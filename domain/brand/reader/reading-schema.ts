import { z } from 'zod';
import { NAME_ROLES } from './model-reading';

/** Who read a brand answer and where the two readers disagree (docs/checks/brand.md, its reading by a model), as report fields. */
export const answerReadingShape = {
  readBy: z
    .enum(['model', 'rules'])
    .optional()
    .describe('Who read this answer: the analysis model (ANALYSIS_PLATFORM), or the rule reader; absent for an answer not read (an error)'),
  readerDisagreements: z
    .array(
      z.object({
        name: z.string(),
        rulesRole: z.enum(['option']).nullable().describe('option: the rules presented it; null: they did not'),
        rulesRank: z.number().int().min(1).nullable(),
        modelRole: z.enum(NAME_ROLES).nullable().describe("The model's role for the name; null: the model did not list it"),
        modelRank: z.number().int().min(1).nullable(),
      }),
    )
    .optional()
    .describe(
      'Names the model and the rules read differently (an option for one only, or two ranks); only where the model read the answer',
    ),
  readingFallback: z
    .string()
    .optional()
    .describe("Why the rules' reading stands where the analysis model was asked: its request failed, or its reading was invalid"),
};
