import type { Db } from 'mongodb';
import { CrawlerLogStore } from './crawler-log-store';
import { KeyDirectoryStore } from './key-directory-store';
import { DemandCache } from './demand-cache';
import { MonitorStore } from './monitor-store';
import { SnapshotStore } from './snapshot-store';
import { VendorRangeStore } from './vendor-range-store';

/**
 * The stores over one database (store-layout.ts), as the worker's activities take them. The gateway builds
 * its own in api/main.ts: it reads monitors typed by kind (monitor-target.ts), which infra may not import here.
 */
export interface Stores {
  store: SnapshotStore;
  monitors: MonitorStore;
  ranges: VendorRangeStore;
  logs: CrawlerLogStore;
  directories: KeyDirectoryStore;
  demand: DemandCache;
}

/** Built once where a process is wired (worker/main.ts, the test worker) and handed to what uses them. */
export function createStores(db: Db): Stores {
  return {
    store: new SnapshotStore(db),
    monitors: new MonitorStore(db),
    ranges: new VendorRangeStore(db),
    logs: new CrawlerLogStore(db),
    directories: new KeyDirectoryStore(db),
    demand: new DemandCache(db),
  };
}
