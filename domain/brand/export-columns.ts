import {
  answerColumns,
  answerRows,
  answerTail,
  exportTable,
  reportColumns,
  type AnswerRow,
  type StoredReport,
} from '../shared/export-table';
import type { BrandReport } from './report-schema';

/** A brand diagnosis's export (docs/exports.md): one row per answer, in the report's order. */
type Row = AnswerRow<BrandReport>;

const VERSION = 1;

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
  ],
});
