import { randomUUID } from 'node:crypto';
import { Router } from 'express';
import type { Config } from '../../domain/shared/config';
import type { CrawlerLogStore } from '../../infra/crawler-log-store';
import { storeCrawlerLog, type StoredUpload } from '../../infra/crawler-log-upload';
import { CheckError, type CheckClient } from '../../infra/check-client';
import type { RateLimits } from '../../infra/rate-limits';
import { HttpError } from '../http-error';
import { checkEventsPath, snapshotPath } from '../../contract/paths';
import { rateLimit } from '../rate-limit-middleware';
import { requestStart } from '../run-origin';

/** Why an upload was refused, as the client is told. */
function refusal(upload: Exclude<StoredUpload, { stored: true }>): HttpError {
  switch (upload.problem) {
    case 'too-large':
      return new HttpError(413, `the log is larger than this service reads (${upload.limit}); upload a part of it`);
    case 'unknown-format':
      return new HttpError(
        422,
        'the body is not an access log in a known format (NGINX/Apache combined or common, Cloudflare Logpush, Vercel, Fastly, CloudFront or ALB); the first lines could not be read',
        { unreadLines: upload.unreadLines },
      );
    case 'empty':
      return new HttpError(422, 'the body holds no log line');
    case 'bad-gzip':
      return new HttpError(400, 'the body starts as gzip but is not a complete gzip stream');
  }
}

/** The domain as the check will name it; one given but not a public host name is 422 (the query is no JSON body to be malformed). */
function describedDomain(checks: CheckClient, domain: string) {
  try {
    return checks.describe('traffic', { domain, uploadId: '', parts: 0, format: { name: 'combined' } });
  } catch (error) {
    if (error instanceof CheckError && error.status === 400) throw new HttpError(422, error.message);
    throw error;
  }
}

/**
 * POST /api/v1/crawler-logs?domain=<domain>: an access log (text, or gzip) is stored in parts and read by
 * a crawler-traffic check; 202 at once with where to follow it and where its report will be.
 */
export function crawlerLogRoutes(checks: CheckClient, logs: CrawlerLogStore, limits: RateLimits, uploads: Config['crawlerLogs']): Router {
  const router = Router();
  router.post('/api/v1/crawler-logs', rateLimit(limits, 'crawlerLogs'), async (req, res) => {
    const domain = typeof req.query.domain === 'string' ? req.query.domain : '';
    if (domain.trim() === '')
      throw new HttpError(400, 'domain is missing: POST /api/v1/crawler-logs?domain=example.com with the log as the body');
    // The domain is checked before the body is read: a bad one costs no upload.
    const { domain: checked } = describedDomain(checks, domain);
    const declared = Number(req.headers['content-length']);
    if (declared > uploads.maxBytes)
      throw refusal({ stored: false, problem: 'too-large', limit: `${Math.round(uploads.maxBytes / 1024 / 1024)} MB` });
    const uploadId = randomUUID();
    const upload = await storeCrawlerLog(req, logs, uploadId, uploads);
    if (!upload.stored) {
      // Refused before the whole body was read: the connection closes with the answer.
      res.set('Connection', 'close');
      throw refusal(upload);
    }
    const started = await checks.start(
      'traffic',
      { domain: checked ?? domain, uploadId, parts: upload.parts, format: upload.format },
      requestStart(req),
    );
    res.status(202).json({
      checkId: started.workflowId,
      reportId: started.snapshotId,
      eventsUrl: checkEventsPath(started.workflowId),
      reportUrl: snapshotPath(started.snapshotId),
      lines: upload.lines,
      format: upload.format.name,
    });
  });
  return router;
}
