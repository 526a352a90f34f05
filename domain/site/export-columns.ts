import { answeredMarket, exportTable, reportColumns, type ExportColumn, type StoredReport } from '../shared/export-table';
import { inSentence } from '../shared/metric';
import { SITE_METRICS } from './metrics';
import type { MemoryResult, Report } from './report';

/** A site check's export (docs/exports.md): one row per platform asked what it knows of the site. */
interface Row {
  stored: StoredReport<Report>;
  memory: MemoryResult;
}

const VERSION = 1;

export const siteExport = exportTable<StoredReport<Report>, Row>({
  version: VERSION,
  rowsAre: 'one per AI platform asked what it knows of the site',
  *rows(stored) {
    for (const memory of stored.report.memory) yield { stored, memory };
  },
  columns: [
    ...reportColumns<Row>(VERSION),
    {
      key: 'market',
      type: 'text',
      description: 'Where the question was asked from (country-language[-city]); empty when no market was set',
      read: ({ memory, stored }) => answeredMarket({ answer: memory, stored }),
    },
    { key: 'domain', type: 'text', description: 'The site checked', read: ({ stored }) => stored.report.domain },
    { key: 'platform', type: 'text', description: 'The AI platform asked', read: ({ memory }) => memory.platform },
    { key: 'model', type: 'text', description: 'The model that answered', read: ({ memory }) => memory.model },
    {
      key: 'status',
      type: 'text',
      description: 'known (the platform knows the site), unknown, or error',
      read: ({ memory }) => memory.status,
    },
    {
      key: 'reputation',
      type: 'text',
      description: 'How the answer speaks of the site: positive, neutral, negative or unknown',
      read: ({ memory }) => memory.reputation,
    },
    { key: 'citations', type: 'json', description: 'The URLs the answer cites, as a JSON array', read: ({ memory }) => memory.citations },
    {
      key: 'searchQueries',
      type: 'json',
      description: 'What the assistant searched the web for, as a JSON array; empty when not recorded',
      read: ({ memory }) => memory.searchQueries,
    },
    {
      key: 'latencyMs',
      type: 'number',
      description: 'How long the platform took to answer, in milliseconds',
      read: ({ memory }) => memory.latencyMs,
    },
    {
      key: 'costUsd',
      type: 'number',
      description: 'What the answer cost in US dollars; empty when the price is unknown',
      read: ({ memory }) => memory.costUsd,
    },
    { key: 'error', type: 'text', description: 'Why the platform gave no answer (status error)', read: ({ memory }) => memory.error },
    { key: 'answer', type: 'text', description: "The answer's text, as the platform gave it", read: ({ memory }) => memory.answer },
    // The report's headline scores, named as the site check declares them (metrics.ts).
    ...SITE_METRICS.map((metric): ExportColumn<Row> => ({
      key: metric.key,
      type: 'number',
      description: `The report's ${inSentence(metric.label)} (0–100), the same on every row`,
      read: ({ stored }) => metric.read(stored.report),
    })),
  ],
});
