import {
  answerColumns,
  answerRows,
  answerTail,
  empty,
  exportTable,
  reportColumns,
  type AnswerRow,
  type StoredReport,
} from '../shared/export-table';
import type { ArticleReport } from './report-schema';

/** An article check's export (docs/exports.md): one row per answer, with the brand diagnosis's answer columns. */
type Row = AnswerRow<ArticleReport>;

const VERSION = 1;

export const articleExport = exportTable<StoredReport<ArticleReport>, Row>({
  version: VERSION,
  rowsAre: 'one per answer (every platform and question, errors included)',
  rows: answerRows,
  columns: [
    ...reportColumns<Row>(VERSION),
    ...answerColumns<ArticleReport>({
      // An article's questions have no intent, each is asked once, and no brand is measured.
      intent: empty,
      run: empty,
      mentioned: empty,
      rank: empty,
      first: empty,
      sentiment: empty,
      cited: ({ answer }) => answer.citesUrl,
      entities: empty,
    }),
    ...answerTail<ArticleReport>(),
    { key: 'url', type: 'text', description: 'The article checked', read: ({ stored }) => stored.report.url },
    {
      key: 'citesDomain',
      type: 'boolean',
      description: "A citation or URL in the answer is on the article's site",
      read: ({ answer }) => answer.citesDomain,
    },
    {
      key: 'coverage',
      type: 'number',
      description: "Share of the article's key points the answer states (0–1)",
      read: ({ answer }) => answer.coverage,
    },
    {
      key: 'coveredKeyPoints',
      type: 'json',
      description: 'The ids of the key points the answer states, as a JSON array',
      read: ({ answer }) => answer.coveredKeyPoints,
    },
    {
      key: 'partlyCoveredKeyPoints',
      type: 'json',
      description: 'With the model judging coverage: the ids of the key points stated in part, as a JSON array',
      read: ({ answer }) => answer.partlyCoveredKeyPoints,
    },
  ],
});
