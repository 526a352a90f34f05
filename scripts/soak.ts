/**
 * `npm run soak [-- --minutes 10]`: runs a mix of site checks, brand diagnoses, article checks,
 * crawler-log checks and monitored site checks against the stand-ins for a fixed time, on two worker
 * processes, while a busy thread loads the machine and one worker is killed (SIGKILL) every 20-40 s and
 * started again. The monitors have webhooks, and each monitored run follows a change of its site's
 * robots.txt, so it raises an alert that goes to a receiver on loopback. Then it waits for the runs in
 * flight and the deliveries, and prints what a user would notice: runs started, completed, failed, stuck;
 * nondeterminism errors in the workers' logs; snapshots stored once each; alerts raised and webhooks
 * delivered once each; the p50 and p99 run time against an unloaded baseline of the same mix
 * (docs/operations-replay.md).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { parseArgs } from 'node:util';
import { Worker as Thread } from 'node:worker_threads';
import { Client, Connection } from '@temporalio/client';
import { CHECK_WORKFLOWS } from '../contract/workflow-contract';
import { allowedHostsOf, parseConfig } from '../domain/shared/config';
import { PLATFORMS } from '../domain/shared/platforms';
import { CHECK_KINDS } from '../domain/shared/check-kinds';
import { answerArticleQuestions } from '../dev/article-answers';
import { answerBrandQuestions } from '../dev/brand-answers';
import { startFixtureSites } from '../dev/fixture-sites';
import { SAMPLE_CHECKS } from '../dev/sample-checks';
import { servicesUp } from '../dev/local-stack';
import { startVendorStandIns } from '../dev/vendor-stand-ins';
import { startRangeFileStandIns } from '../dev/vendor-stand-ins/range-files';
import { CheckClient } from '../infra/check-client';
import { withBuildId } from '../infra/load-config';
import { createMongo } from '../infra/mongo';
import { createStores } from '../infra/stores';
import { COLLECTIONS } from '../infra/store-layout';
import { WEBHOOK_TIMEOUT_MS } from '../activities/webhook';
import { expectedAlerts, startSoakMonitors, tallyWebhooks, type MonitoredRun, type WebhookTally } from './soak/monitors';

const ROOT = join(__dirname, '..');
/** Every kind of check (dev/sample-checks.ts starts each), and a monitor's scheduled run. */
const KINDS = [...CHECK_KINDS, 'monitor'] as const;
type Kind = (typeof KINDS)[number];
/** Runs kept in flight at once while the soak lasts. */
const IN_FLIGHT = 4;
/** After the soak: how long runs in flight may take to finish before they count as stuck. */
const DRAIN_MS = 5 * 60_000;
/** Then: how long alerts may take to reach the webhook before they count as lost (a delivery cut by a kill is tried again after its 30 s time-out). */
const WEBHOOK_DRAIN_MS = 2 * 60_000;

interface Run {
  kind: Kind;
  workflowId: string;
  startedAt: number;
  ms?: number;
  outcome?: 'completed' | 'failed';
  snapshotId?: string;
  monitored?: MonitoredRun;
}

const percentile = (values: number[], p: number) =>
  values.length === 0 ? NaN : [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor((values.length * p) / 100))]!;
const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

async function main(): Promise<void> {
  const { values } = parseArgs({ options: { minutes: { type: 'string', default: '10' } } });
  const minutes = Number(values.minutes);
  const [sites, platforms, rangeFiles, monitors] = await Promise.all([
    startFixtureSites(),
    startVendorStandIns(),
    startRangeFileStandIns(),
    // One monitor for each run that may be in flight: a monitor runs once at a time. Every fourth alert's
    // first delivery is answered after the service's time-out, so it is sent again: a retry, not a duplicate.
    startSoakMonitors(IN_FLIGHT, { slow: { every: 4, ms: WEBHOOK_TIMEOUT_MS + 2_000 } }),
  ]);
  answerBrandQuestions(platforms);
  answerArticleQuestions(platforms);
  const unbound = Object.fromEntries(
    PLATFORMS.flatMap((platform) => [
      [`${platform.env}_RPM`, '60000'],
      [`${platform.env}_RPS`, '1000'],
    ]),
  );
  const database = `aivis_soak_${Date.now()}`;
  const env: Record<string, string> = {
    ...platforms.env(),
    ...unbound,
    FETCH_ORIGIN_OVERRIDES: JSON.stringify({
      ...sites.overrides,
      ...platforms.fetchOverrides(),
      ...rangeFiles.fetchOverrides(),
      ...monitors.overrides,
    }),
    TEMPORAL_TASK_QUEUE: `soak-${Date.now()}`,
    MONGODB_URI: `mongodb://127.0.0.1:27017/${database}`,
    BRAND_QUESTIONS: '3',
    ARTICLE_QUESTIONS: '2',
    LOG_LEVEL: 'warn',
    METRICS_PORT: '0',
  };
  const config = parseConfig(withBuildId({ ...process.env, ...env }));
  await servicesUp(config);
  const mongo = createMongo(config.mongodbUri);
  const stores = createStores(mongo.db);
  await stores.store.ensureIndexes();
  await monitors.save(stores.monitors);
  const connection = await Connection.connect({ address: config.temporal.address });
  const client = new Client({ connection, namespace: config.temporal.namespace });
  const checks = new CheckClient(client, config.temporal, allowedHostsOf(config), stores.store);

  // Each worker's output, searched for nondeterminism afterwards.
  const logs: string[] = [];
  const startWorker = (): ChildProcess => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'worker/main.ts'], {
      cwd: ROOT,
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const index = logs.push('') - 1;
    for (const stream of [child.stdout!, child.stderr!]) stream.on('data', (chunk: Buffer) => (logs[index] += chunk.toString()));
    return child;
  };

  let sequence = 0;
  const start = async (kind: Kind): Promise<Run> => {
    const startedAt = Date.now();
    sequence += 1;
    if (kind !== 'monitor') {
      const uploadId = `soak-${sequence}-${Date.now()}`;
      return { ...(await SAMPLE_CHECKS[kind].start({ checks, logs: stores.logs, uploadId, logLines: 200 })), kind, startedAt };
    }
    // A monitor's scheduled run: a site check that compares itself with the monitor's earlier runs.
    const monitor = monitors.take();
    const workflowId = `soak-monitor-${sequence}-${Date.now()}`;
    try {
      await client.workflow.start(CHECK_WORKFLOWS.site.type, {
        taskQueue: config.temporal.taskQueue,
        workflowId,
        args: [{ url: monitor.host, monitor: { id: monitor.id } }],
      });
    } catch (error) {
      monitors.release(monitor);
      throw error;
    }
    return { kind, startedAt, workflowId, monitored: { monitor, blocksClaudeBot: monitor.blocksClaudeBot, startedAt } };
  };
  const finish = async (run: Run): Promise<void> => {
    try {
      const result = (await client.workflow.getHandle(run.workflowId).result()) as { snapshotId: string };
      run.outcome = 'completed';
      run.snapshotId = result.snapshotId;
      if (run.monitored) run.monitored.snapshotId = result.snapshotId;
    } catch {
      run.outcome = 'failed';
    }
    run.ms = Date.now() - run.startedAt;
    if (run.monitored) monitors.release(run.monitored.monitor);
  };

  /** Keeps IN_FLIGHT runs going, the kinds in turn, until `until`. */
  const drive = async (until: number, runs: Run[], pending: Promise<void>[]) => {
    let next = 0;
    const lane = async () => {
      while (Date.now() < until) {
        const run = await start(KINDS[next++ % KINDS.length]!);
        runs.push(run);
        const finished = finish(run);
        pending.push(finished);
        await finished;
      }
    };
    await Promise.all(Array.from({ length: IN_FLIGHT }, lane));
  };

  const workers = [startWorker(), startWorker()];
  const hog = new Thread('for (;;) {}', { eval: true });
  hog.unref();
  let kills = 0;
  try {
    await sleep(15_000); // both workers polling
    // Baseline: one run of each kind at a time, no load, no kills.
    await hog.terminate();
    const baseline: Run[] = [];
    for (const kind of KINDS) {
      const run = await start(kind);
      await finish(run);
      baseline.push(run);
    }
    const loadThread = new Thread('for (;;) {}', { eval: true });
    const runs: Run[] = [];
    const pending: Promise<void>[] = [];
    const until = Date.now() + minutes * 60_000;
    const killer = (async () => {
      while (Date.now() < until) {
        await sleep(20_000 + Math.random() * 20_000);
        if (Date.now() >= until) break;
        const index = Math.floor(Math.random() * workers.length);
        workers[index]!.kill('SIGKILL');
        kills += 1;
        workers[index] = startWorker();
      }
    })();
    console.log(
      `[soak] ${minutes} min: ${IN_FLIGHT} runs in flight (${KINDS.join(', ')}), two workers, a busy thread, one worker killed every 20-40 s`,
    );
    await Promise.all([drive(until, runs, pending), killer]);
    await loadThread.terminate();
    // Runs still open after the soak get DRAIN_MS to finish; any still open then are stuck.
    await Promise.race([Promise.all(pending), sleep(DRAIN_MS)]);

    const completed = runs.filter((run) => run.outcome === 'completed');
    const failed = runs.filter((run) => run.outcome === 'failed');
    const stuck = runs.filter((run) => run.outcome === undefined);
    const snapshotIds = completed.map((run) => run.snapshotId!);
    const stored = await mongo.db.collection(COLLECTIONS.snapshots).countDocuments({ _id: { $in: snapshotIds } as never });
    const nondeterminism = logs.join('\n').match(/TMPRL1100|[Nn]ondeterminism/g)?.length ?? 0;
    // Alerts reach the webhook after their run ends (a workflow of their own): wait until each has, and each
    // answered slowly has come again, or WEBHOOK_DRAIN_MS.
    const storedAlerts = async () => (await Promise.all(monitors.monitors.map((monitor) => stores.monitors.alertsOf(monitor.id)))).flat();
    const webhookDrainEnds = Date.now() + WEBHOOK_DRAIN_MS;
    const waiting = (tally: WebhookTally) => tally.lost.length > 0 || tally.retries < monitors.receiver.slowAnswers;
    let alerts = await storedAlerts();
    while (waiting(tallyWebhooks(alerts, monitors.receiver)) && Date.now() < webhookDrainEnds) {
      await sleep(1000);
      alerts = await storedAlerts();
    }
    const webhooks = tallyWebhooks(alerts, monitors.receiver);
    const monitoredRuns = [...baseline, ...runs].flatMap((run) => (run.monitored ? [run.monitored] : []));
    const changed = expectedAlerts(monitoredRuns);
    const alerted = changed.filter((run) =>
      alerts.some((alert) => alert.snapshots[1] === run.snapshotId && alert.metric === 'crawler:ClaudeBot'),
    );
    const loadedMs = completed.map((run) => run.ms!);
    const baselineMs = baseline.filter((run) => run.outcome === 'completed').map((run) => run.ms!);
    console.log(`[soak] workers killed: ${kills}`);
    console.log(`[soak] runs started ${runs.length} · completed ${completed.length} · failed ${failed.length} · stuck ${stuck.length}`);
    for (const kind of KINDS)
      console.log(
        `[soak]   ${kind}: ${runs.filter((run) => run.kind === kind).length} started, ${completed.filter((run) => run.kind === kind).length} completed`,
      );
    console.log(`[soak] nondeterminism errors in the workers' logs: ${nondeterminism}`);
    console.log(
      `[soak] snapshots stored once each: ${stored} of ${snapshotIds.length} completed runs have theirs (snapshot _id is the run's snapshotId: never twice)`,
    );
    console.log(
      `[soak] alerts raised (in the store): ${webhooks.alerts}; monitored runs after a robots.txt change: ${changed.length}, ${alerted.length} of them alerted`,
    );
    console.log(
      `[soak] webhooks delivered (signature verified): ${webhooks.deliveries} · once each: ${webhooks.deliveredOnce} distinct webhook-ids of ${webhooks.alerts} alerts · retries of an id already delivered: ${webhooks.retries} (${monitors.receiver.slowAnswers} first attempts answered after the service's time-out, on purpose) · duplicated (one alert under two ids): ${webhooks.duplicated.length} · unknown ids: ${webhooks.unknown.length} · refused by the receiver: ${monitors.receiver.refused} · lost: ${webhooks.lost.length}`,
    );
    for (const alert of webhooks.lost.slice(0, 5)) {
      const handle = client.workflow.getHandle(`webhook-${alert.id}`);
      const status = await handle.describe().then(
        (description) => description.status.name,
        () => 'never started',
      );
      console.log(`[soak]   lost: ${alert.id} (webhook-${alert.id}: ${status})`);
      if (status === 'RUNNING') await handle.terminate('the soak is over').catch(() => undefined);
    }
    console.log(
      `[soak] run time under load p50 ${seconds(percentile(loadedMs, 50))} · p99 ${seconds(percentile(loadedMs, 99))}; unloaded baseline (one of each kind) p50 ${seconds(percentile(baselineMs, 50))} · max ${seconds(Math.max(...baselineMs))}`,
    );
    for (const run of [...failed, ...stuck].slice(0, 5)) console.log(`[soak]   not completed: ${run.kind} ${run.workflowId}`);
    // The soak's promise: every run completes, none replays into a nondeterminism error, none is stored twice or lost.
    // Webhooks are at least once (docs/checks/monitoring.md): an id arriving again is a retry the receiver drops
    // by its webhook-id; one alert under two ids, an alert never delivered or a change without its alert is not.
    const webhooksHeld =
      webhooks.lost.length === 0 &&
      webhooks.duplicated.length === 0 &&
      webhooks.unknown.length === 0 &&
      monitors.receiver.refused === 0 &&
      alerted.length === changed.length &&
      changed.length > 0;
    const held =
      failed.length === 0 && stuck.length === 0 && nondeterminism === 0 && stored === snapshotIds.length && runs.length > 0 && webhooksHeld;
    console.log(
      `[soak] ${held ? 'held' : 'FAILED'}: every run completed, no nondeterminism error, every snapshot stored once, every change alerted and its webhook delivered under one id`,
    );
    if (!held) process.exitCode = 1;
  } finally {
    for (const worker of workers) worker.kill('SIGTERM');
    await hog.terminate().catch(() => undefined);
    await mongo.db.dropDatabase().catch(() => undefined);
    await Promise.allSettled([
      connection.close(),
      mongo.client.close(),
      sites.close(),
      platforms.close(),
      rangeFiles.close(),
      monitors.close(),
    ]);
  }
}

main().then(
  () => process.exit(process.exitCode ?? 0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
