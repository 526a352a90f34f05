import type { CheckKind } from './check-kinds';
import { marketKey } from './market';

/**
 * An export's columns, defined once per table (docs/exports.md#where-the-columns-are-defined): the CSV's
 * header and cells and the JSON lines' keys and values are both read from it, and so are
 * docs/exports.md and /openapi.json. Columns are added, never renamed; a table's `version` (its
 * `exportVersion` column) goes up when columns are added.
 */

/** How a cell is written: text (guarded against formulas in CSV), a number, true/false, or JSON (an array or object). */
export type CellType = 'text' | 'number' | 'boolean' | 'json';

/** A column as people and documents see it. */
export interface ColumnInfo {
  key: string;
  type: CellType;
  description: string;
}

export interface ExportColumn<Row> extends ColumnInfo {
  /** The cell's value; null or undefined is an empty cell (null in JSON lines). */
  read: (row: Row) => unknown;
}

/** One row as key → value, in the columns' order; JSON columns hold their values, not their text. */
export type ExportRecord = Record<string, unknown>;

/** A table whose rows are read from `Source`, with the row type closed over. */
export interface ExportTable<Source> {
  version: number;
  /** What one row is, for the documentation ("one per answer"). */
  rowsAre: string;
  columns: readonly ColumnInfo[];
  records(source: Source): Iterable<ExportRecord>;
}

export function exportTable<Source, Row>(spec: {
  version: number;
  rowsAre: string;
  rows: (source: Source) => Iterable<Row>;
  columns: readonly ExportColumn<Row>[];
}): ExportTable<Source> {
  const { version, rowsAre, rows, columns } = spec;
  return {
    version,
    rowsAre,
    columns: columns.map(({ key, type, description }) => ({ key, type, description })),
    *records(source) {
      for (const row of rows(source)) {
        const record: ExportRecord = {};
        for (const column of columns) record[column.key] = column.read(row) ?? null;
        yield record;
      }
    },
  };
}

/** A stored report with what the store keeps beside it: the source of every report's export. */
export interface StoredReport<Report> {
  reportId: string;
  kind: CheckKind;
  /** ISO 8601, when the report was stored. */
  createdAt: string;
  report: Report;
}

/** The columns every report's export begins with: its schema's version, then which report a row is of. */
export function reportColumns<Row extends { stored: StoredReport<unknown> }>(version: number): ExportColumn<Row>[] {
  return [
    {
      key: 'exportVersion',
      type: 'number',
      description: "This table's schema version: it goes up when columns are added (none is ever renamed)",
      read: () => version,
    },
    { key: 'reportId', type: 'text', description: 'The report id (GET /api/v1/report/{reportId})', read: (row) => row.stored.reportId },
    { key: 'kind', type: 'text', description: 'The kind of report: site, brand, article or traffic', read: (row) => row.stored.kind },
    { key: 'createdAt', type: 'text', description: 'When the report was stored (ISO 8601, UTC)', read: (row) => row.stored.createdAt },
  ];
}

/**
 * The market a value names ("DE-de-Berlin"), or null where there is none. Read defensively: answers
 * stored before markets have none, and one stored later carries it as its market key (docs/exports.md#the-columns).
 */
export function marketCell(...candidates: unknown[]): string | null {
  for (const candidate of candidates) {
    if (typeof candidate !== 'object' || candidate === null) continue;
    // An answered market carries more (how it was applied): only these three make its key.
    const { country, language, city } = candidate as Record<string, unknown>;
    if (typeof country === 'string' && typeof language === 'string')
      return marketKey({ country, language, ...(typeof city === 'string' ? { city } : {}) });
  }
  return null;
}

/** A report of answers to its own questions (brand diagnosis, article check). */
interface AskedReport {
  questions: readonly { id: string }[];
  answers: readonly { questionId: string }[];
}

/** One answer with its question and its report: a row of the kinds that ask questions. */
export interface AnswerRow<Report extends AskedReport> {
  stored: StoredReport<Report>;
  answer: Report['answers'][number];
  question: Report['questions'][number] | undefined;
}

/** One row per answer, in the report's order. */
export function* answerRows<Report extends AskedReport>(stored: StoredReport<Report>): Iterable<AnswerRow<Report>> {
  const questions = new Map(stored.report.questions.map((question) => [question.id, question]));
  for (const answer of stored.report.answers) yield { stored, answer, question: questions.get(answer.questionId) };
}

/** The market an answer was asked in, recorded on the answer (or the report) where one was set. */
export const answeredMarket = ({ answer, stored }: { answer: object; stored: StoredReport<object> }) =>
  marketCell((answer as { market?: unknown }).market, (stored.report as { market?: unknown }).market);

/** The columns of one answer, shared by the kinds that ask questions (docs/exports.md#the-columns, in its order). */
const ANSWER_COLUMNS = {
  market: ['text', 'Where the question was asked from: country-language[-city], such as DE-de-Berlin; empty when no market was set'],
  platform: ['text', 'The AI platform that answered'],
  model: ['text', 'The model that answered, as the vendor named it'],
  question: ['text', 'The question asked'],
  intent: [
    'text',
    'What the question asks for (best-of, comparison, use-case, informational, pricing, reviews, alternatives, worth); empty where questions have none',
  ],
  run: ['number', 'Which asking of the same question on the same platform (1, 2, …); empty where each is asked once'],
  status: ['text', 'answered, no-answer (the platform said it does not know) or error'],
  mentioned: ['boolean', 'The answer names the brand; empty where no brand is measured'],
  rank: ['number', 'Where the answer presents the brand among its options (1 = first); empty when not named'],
  first: ['boolean', 'The brand is the first option the answer presents; empty where no brand is measured'],
  sentiment: ['text', 'How the answer speaks of the brand where it first names it: positive, neutral or negative; empty when not named'],
  cited: ['boolean', "A citation is on the brand's domain (brand) or is the article's URL (article)"],
  citations: ['json', 'The URLs the answer cites, as a JSON array'],
  searchQueries: ['json', 'What the assistant searched the web for, as a JSON array; empty when not recorded'],
  entities: ['json', 'The options the answer presents, as a JSON array of {name, rank}; empty where none are read'],
  costUsd: ['number', 'What the answer cost in US dollars; empty when the price is unknown'],
  answer: ['text', "The answer's text, as the platform gave it"],
} as const satisfies Record<string, readonly [CellType, string]>;

export type AnswerColumnKey = keyof typeof ANSWER_COLUMNS;

/** What every stored answer holds (docs/exports.md#the-columns), read the same for every kind. */
interface RecordedAnswer {
  questionId: string;
  platform: string;
  model?: string;
  status: string;
  answer: string;
  citations: readonly string[];
  searchQueries?: readonly string[];
  costUsd?: number | null;
  error?: string;
}
type AnsweredReport = AskedReport & { questions: readonly { id: string; text: string }[]; answers: readonly RecordedAnswer[] };

/** The columns each kind reads its own way: what it measures in an answer. */
export type KindAnswerColumn = Exclude<
  AnswerColumnKey,
  'market' | 'platform' | 'model' | 'question' | 'status' | 'citations' | 'searchQueries' | 'costUsd' | 'answer'
>;

/** The answer columns in their order: what every answer records read alike, what the kind measures read as it says. */
export function answerColumns<Report extends AnsweredReport>(
  reads: Record<KindAnswerColumn, (row: AnswerRow<Report>) => unknown>,
): ExportColumn<AnswerRow<Report>>[] {
  const all: Record<AnswerColumnKey, (row: AnswerRow<Report>) => unknown> = {
    market: answeredMarket,
    platform: ({ answer }) => answer.platform,
    model: ({ answer }) => answer.model,
    question: ({ question }) => question?.text,
    status: ({ answer }) => answer.status,
    citations: ({ answer }) => answer.citations,
    searchQueries: ({ answer }) => answer.searchQueries,
    costUsd: ({ answer }) => answer.costUsd,
    answer: ({ answer }) => answer.answer,
    ...reads,
  };
  return (Object.keys(ANSWER_COLUMNS) as AnswerColumnKey[]).map((key) => {
    const [type, description] = ANSWER_COLUMNS[key];
    return { key, type, description, read: all[key] };
  });
}

/** The columns after the answer's, common to the kinds that ask questions. */
export const answerTail = <Report extends AnsweredReport>(): ExportColumn<AnswerRow<Report>>[] => [
  { key: 'questionId', type: 'text', description: "The question's id in the report", read: ({ answer }) => answer.questionId },
  { key: 'error', type: 'text', description: 'Why the platform gave no answer (status error)', read: ({ answer }) => answer.error },
];

/** A column a kind does not fill. */
export const empty = (): null => null;
