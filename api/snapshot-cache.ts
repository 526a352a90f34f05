import { createHash } from 'node:crypto';
import type { SnapshotDocument, SnapshotStore } from '../infra/snapshot-store';
import type { KindedReport } from '../domain/check-outcome';

/** A response body made from one snapshot, with the strong ETag of exactly these bytes. */
export interface RenderedSnapshot {
  body: Buffer;
  etag: string;
}

/**
 * Snapshots never change, so what the gateway makes of one (the page, the JSON) can be kept: a report
 * shared widely is read from the store once, not once per view. Least recently used first out, bounded
 * by the bytes of the bodies kept. Misses are not kept: a snapshot may be stored a moment later.
 */
export class SnapshotCache {
  private readonly entries = new Map<string, RenderedSnapshot>();
  /** Simultaneous first views of one snapshot share one read and one rendering. */
  private readonly pending = new Map<string, Promise<RenderedSnapshot | null>>();
  private bytes = 0;

  constructor(
    private readonly store: Pick<SnapshotStore, 'get'>,
    private readonly maxBytes: number,
  ) {}

  /**
   * The body `render` makes of the snapshot, from the cache when it is there. `variant` names the
   * rendering (one snapshot has a page and a JSON body). Null when there is no such snapshot or
   * `render` declines it.
   */
  async rendered(
    snapshotId: string,
    variant: string,
    render: (snapshot: SnapshotDocument) => string | null,
  ): Promise<RenderedSnapshot | null> {
    const key = `${variant}\0${snapshotId}`;
    const cached = this.entries.get(key);
    if (cached) {
      this.entries.delete(key);
      this.entries.set(key, cached);
      return cached;
    }
    let load = this.pending.get(key);
    if (!load) {
      load = this.load(key, snapshotId, render).finally(() => this.pending.delete(key));
      this.pending.set(key, load);
    }
    return load;
  }

  /** A snapshot's report and its kind, as the store holds them; null when there is no such snapshot. */
  async report(snapshotId: string): Promise<KindedReport | null> {
    const rendered = await this.rendered(snapshotId, 'report', ({ kind, report }) => JSON.stringify({ kind, report }));
    // The JSON this cache wrote from a stored KindedReport just above.
    return rendered ? (JSON.parse(rendered.body.toString()) as KindedReport) : null;
  }

  /** Bytes of bodies held, for tests and figures. */
  get size(): number {
    return this.bytes;
  }

  private async load(
    key: string,
    snapshotId: string,
    render: (snapshot: SnapshotDocument) => string | null,
  ): Promise<RenderedSnapshot | null> {
    const snapshot = await this.store.get(snapshotId);
    const text = snapshot ? render(snapshot) : null;
    if (text === null) return null;
    const body = Buffer.from(text);
    const entry = { body, etag: `"${createHash('sha256').update(body).digest('base64url').slice(0, 32)}"` };
    this.keep(key, entry);
    return entry;
  }

  private keep(key: string, entry: RenderedSnapshot): void {
    if (entry.body.length > this.maxBytes) return;
    this.entries.set(key, entry);
    this.bytes += entry.body.length;
    for (const [oldest, evicted] of this.entries) {
      if (this.bytes <= this.maxBytes) break;
      this.entries.delete(oldest);
      this.bytes -= evicted.body.length;
    }
  }
}
