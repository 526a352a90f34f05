import {
  answerColumns,
  answerRows,
  answerTail,
  exportTable,
  reportColumns,
  type AnswerRow,
  type StoredReport,
} from '../../shared/export-table';
import type { BrandReport } from './report-schema';

/** A brand diagnosis's export (docs/exports.md): one row per answer, in the report's order. */
type Row = AnswerRow<BrandReport>;

// 2: each citation's source type and each question's demand (docs/exports.md).
const VERSION = 2;

export const brandExport = exportTable<StoredReport<BrandReport>, Row>({
  version: VERSION,
  rowsAre: 'one per answer (every platform, question and run, errors included)',
  rows: answerRows,
  columns: [
    ...reportColumns<Row>(VERSION),
    ...answerColumns<BrandReport>({
      intent: ({ question }) => question?.intent,
      run: ({ answer }) => answer.run,
      mentioned: ({ answer }) => answer.mentioned,
      rank: ({ answer }) => answer.rank,
      first: ({ answer }) => answer.firstRecommended,
      sentiment: ({ answer }) => answer.sentiment,
      cited: ({ answer }) => answer.brandCited,
      entities: ({ answer }) => answer.entities,
    }),
    ...answerTail<BrandReport>(),
    {
      key: 'branded',
      type: 'boolean',
      description: 'The question names the brand (such answers are reported apart)',
      read: ({ question }) => question?.branded,
    },
    {
      key: 'citationTypes',
      type: 'json',
      description:
        "Each citation's source type, in the citations' order: owned, competitor, ugc, reference, institutional, marketplace, social, editorial or other (from exportVersion 2)",
      read: ({ answer }) => answer.citationTypes,
    },
    {
      key: 'searchPhrase',
      type: 'text',
      description: "The question's search phrase, the words whose demand was measured (from exportVersion 2; empty without DataForSEO)",
      read: ({ question }) => question?.demand?.phrase,
    },
    {
      key: 'aiSearchVolume',
      type: 'number',
      description: "The phrase's AI search volume in the question's market, last month; empty: no data (from exportVersion 2)",
      read: ({ question }) => question?.demand?.aiSearchVolume,
    },
    {
      key: 'searchVolume',
      type: 'number',
      description: "The phrase's Google search volume in the question's market, last month; empty: no data (from exportVersion 2)",
      read: ({ question }) => question?.demand?.searchVolume,
    },
    {
      key: 'demandMonth',
      type: 'text',
      description: 'The month the volumes are for (YYYY-MM; from exportVersion 2)',
      read: ({ question }) => question?.demand?.month,
    },
  ],
});
