import { Router, type Request, type Response } from 'express';
import { EXPORT_FORMATS, type ExportFormat } from '../../contract/paths';
import { UUID_PATTERN } from '../../contract/workflow-contract';
import { trendExport } from '../../domain/monitoring/trend-export';
import { csvText, writeCsv, writeJsonLines } from '../export-writers';
import { HttpError } from '../http-error';
import type { MonitorService } from '../monitor-service';
import { productsExport, reportExport, type ExportableSnapshot } from '../report-export';
import type { SnapshotCache } from '../snapshot-cache';
import { IMMUTABLE, snapshotJson } from './snapshots';

const TYPES: Record<ExportFormat, string> = { csv: 'text/csv; charset=utf-8', jsonl: 'application/jsonl; charset=utf-8' };
const isFormat = (value: string): value is ExportFormat => EXPORT_FORMATS.some((format) => format === value);

/** ?bom=1 puts a UTF-8 byte-order mark first (for Excel on Windows); none by default, as RFC 4180 and IMPORTDATA expect. */
function bomOf(req: Request): boolean {
  const { bom } = req.query;
  if (bom === undefined || bom === '0') return false;
  if (bom === '1') return true;
  throw new HttpError(400, 'bom must be 1 (a byte-order mark first) or 0');
}

/** A download stopped by the client is no error of ours. */
async function streamed(res: Response, write: Promise<void>): Promise<void> {
  try {
    await write;
  } catch (error) {
    if (res.destroyed) return;
    throw error;
  }
}

/**
 * Exports a team can use (docs/exports.md): a report's rows as CSV or JSON lines, and a monitor's trend
 * as CSV. A report's export is read as its JSON is, through the snapshot cache, and cached as it is
 * (immutable, with an ETag of the JSON's bytes, the format and the table's version); the rows are
 * written to the response as they are read. The trend CSV is public by the monitor's id, as its JSON.
 */
export function exportRoutes(cache: SnapshotCache, monitors: MonitorService): Router {
  const router = Router();

  /** A report's table as CSV or JSON lines: `answers` (its kind's rows) or `products` (a brand diagnosis's cards). */
  const reportTable = (name: 'answers' | 'products') => async (req: Request, res: Response) => {
    const { snapshotId, format } = req.params as { snapshotId: string; format: string };
    if (!isFormat(format)) throw new HttpError(404, `no export as .${format}: ${name}.csv or ${name}.jsonl`);
    const bom = format === 'csv' && bomOf(req);
    const rendered = UUID_PATTERN.test(snapshotId) ? await cache.rendered(snapshotId.toLowerCase(), 'json', snapshotJson) : null;
    if (!rendered) throw new HttpError(404, 'no report with this id');
    // The body snapshotJson wrote just above (or when the cache kept it).
    const snapshot = JSON.parse(rendered.body.toString()) as ExportableSnapshot;
    const found = name === 'answers' ? reportExport(snapshot) : productsExport(snapshot);
    if (!found) throw new HttpError(400, `reports of kind ${snapshot.kind} have no ${name === 'answers' ? 'export' : 'product cards'}`);
    // Weak: the same rows, whatever the writer's bytes; it changes with the report, the format, the mark and the table's version.
    const etag = `W/"${rendered.etag.slice(1, -1)}.${name === 'answers' ? '' : `${name}.`}${format}.v${found.table.version}${bom ? '.bom' : ''}"`;
    res.set({ 'Cache-Control': IMMUTABLE, ETag: etag });
    if (req.fresh) {
      res.status(304).end();
      return;
    }
    res.attachment(`${found.kind}-${name === 'answers' ? '' : `${name}-`}${snapshot.snapshotId}.${format}`).type(TYPES[format]);
    await streamed(res, format === 'csv' ? writeCsv(found.table, found.source, bom, res) : writeJsonLines(found.table, found.source, res));
  };
  router.get('/api/v1/report/:snapshotId/answers.:format', reportTable('answers'));
  router.get('/api/v1/report/:snapshotId/products.:format', reportTable('products'));

  router.get('/api/v1/monitors/:id/trend.csv', async (req, res) => {
    const bom = bomOf(req);
    const monitor = await monitors.find(String(req.params.id));
    if (!monitor) throw new HttpError(404, 'no such monitor');
    const { trend } = await monitors.trend(monitor);
    // A few thousand rows at most (a year of daily runs): written whole, with Express's ETag as the trend JSON has.
    res
      .set('Cache-Control', 'no-cache')
      .attachment(`trend-${monitor.id}.csv`)
      .type(TYPES.csv)
      .send(csvText(trendExport, trend, bom));
  });

  return router;
}
