import { evaluateAlerts, type MonitorRun } from '../../../domain/monitoring/alerts';
import type { Alert } from '../../../domain/monitoring/alert-schema';
import type { Observation, SiteState } from '../../../domain/monitoring/observation';

const day = (index: number) => new Date(Date.UTC(2026, 10, 1 + index)).toISOString();

/** A brand run whose mention rate is count / total (the other rates stay empty). */
const brandRun = (index: number, count: number, total: number, fingerprint = 'fp-a', answers?: Observation['answers']): MonitorRun => ({
  snapshotId: `s-${index}`,
  at: day(index),
  fingerprint,
  observation: { kind: 'brand', rates: { mentionRate: { count, total } }, values: {}, answers },
});

/** Evaluates after each run, as the service does, and returns every alert raised along the way. */
function replay(runs: MonitorRun[]): Alert[] {
  const alerts: Alert[] = [];
  for (let index = 1; index <= runs.length; index++) alerts.push(...evaluateAlerts('m-1', runs.slice(0, index), alerts));
  return alerts;
}

const sequence = (total: number, counts: number[], fingerprints?: string[]) =>
  counts.map((count, index) => brandRun(index, count, total, fingerprints?.[index]));

describe('a jump: Newcombe 99% of last − previous excludes 0, and at least 10 points', () => {
  test.each([
    ['0/10 → 0/10: no change', 10, [0, 0], []],
    ['5/10 → 1/10: no change at 99% (Wald would call it)', 10, [5, 1], []],
    ['10/10 → 0/10: a jump', 10, [10, 0], ['jump']],
    // At 50 answers a run, 30% → 10% is on the edge: the 99% interval is −0.394 to +0.009 (it takes 55 answers,
    // or a drop to 8%); the run after confirms it (next describe block).
    ['30% → 10% of 50 answers: just within noise at 99%', 50, [15, 5], []],
    ['30% → 8% of 50 answers: a jump', 50, [15, 4], ['jump']],
    ['30% → 10% of 60 answers: a jump', 60, [18, 6], ['jump']],
    ['30% → 20% of 50 answers: within noise', 50, [15, 10], []],
    ['10% → 30% of 60 answers: a jump up', 60, [6, 18], ['jump']],
    ['50% → 43% of 1000 answers: significant but under 10 points', 1000, [500, 430], []],
    ['50% → 38% of 1000 answers: a jump', 1000, [500, 380], ['jump']],
  ] as const)('%s', (_case, total, counts, expected) => {
    expect(replay(sequence(total, [...counts])).map((alert) => alert.type)).toEqual(expected);
  });

  test('at most 20 flipped answers are listed; the count says how many flipped', () => {
    const answers = (verdict: boolean) =>
      Object.fromEntries(Array.from({ length: 30 }, (_, index) => [`question ${index} × ChatGPT`, { mentionRate: verdict }]));
    const [alert] = evaluateAlerts('m-1', [brandRun(0, 30, 30, 'fp-a', answers(true)), brandRun(1, 0, 30, 'fp-a', answers(false))], []);
    expect(alert!.evidence.flipped).toHaveLength(20);
    expect(alert!.evidence.flippedCount).toBe(30);
  });

  test('the alert carries the counts, the interval, both snapshots and the answers that flipped', () => {
    const before = {
      'best widgets? × ChatGPT': { mentionRate: true },
      'best widgets? × Claude': { mentionRate: true },
      'cheap widgets? × Claude': { mentionRate: false },
    };
    const after = {
      'best widgets? × ChatGPT': { mentionRate: false },
      'best widgets? × Claude': { mentionRate: true },
      'cheap widgets? × Claude': { mentionRate: false },
    };
    const [alert] = evaluateAlerts('m-1', [brandRun(0, 15, 50, 'fp-a', before), brandRun(1, 4, 50, 'fp-a', after)], []);
    expect(alert).toMatchObject({
      monitorId: 'm-1',
      type: 'jump',
      metric: 'mentionRate',
      from: 0.3,
      to: 0.08,
      snapshots: ['s-0', 's-1'],
      evidence: {
        from: { count: 15, total: 50 },
        to: { count: 4, total: 50 },
        flipped: [{ answer: 'best widgets? × ChatGPT', from: true, to: false }],
        flippedCount: 1,
      },
      at: day(1),
    });
    expect(alert!.interval!.level).toBe(0.99);
    expect(alert!.interval!.high).toBeLessThan(0);
    expect(alert!.id).toBe('alert_s1_jump_mentionRate');
    // Evaluated again (a retried activity): the same id.
    expect(evaluateAlerts('m-1', [brandRun(0, 15, 50), brandRun(1, 4, 50)], [])[0]!.id).toBe(alert!.id);
  });
});

describe('a confirmed change: the last two runs pooled against the four before, at 95%, both on one side', () => {
  test('a drift too small for a jump is confirmed once two runs agree', () => {
    const alerts = replay(sequence(50, [15, 15, 15, 15, 9, 9]));
    expect(alerts.map((alert) => [alert.type, alert.snapshots])).toEqual([['confirmed', [['s-3', 's-5']][0]]]);
    expect(alerts[0]).toMatchObject({ from: 0.3, to: 0.18, interval: { level: 0.95 } });
  });

  test('one low run and one back to normal: not confirmed, though the pooled interval excludes 0', () => {
    expect(replay(sequence(1000, [300, 300, 300, 300, 210, 305]))).toEqual([]);
    expect(replay(sequence(1000, [300, 300, 300, 300, 210, 290])).map((alert) => alert.type)).toEqual(['confirmed']);
  });

  test('30% → 10% of 50 answers, twice: confirmed (pooled 10/100 against 60/200)', () => {
    expect(replay(sequence(50, [15, 15, 15, 15, 5, 5])).map((alert) => [alert.type, alert.from, alert.to])).toEqual([
      ['confirmed', 0.3, 0.1],
    ]);
  });

  test('fewer than six runs: no confirmed change', () => {
    expect(replay(sequence(50, [15, 15, 15, 9, 9]))).toEqual([]);
  });

  test('an unchanged rate over many runs raises nothing', () => {
    expect(replay(sequence(50, [15, 14, 16, 15, 13, 17, 15, 16, 14, 15]))).toEqual([]);
  });
});

describe('the baseline and the configuration', () => {
  test('after an alert the baseline restarts: one shift alerts once', () => {
    expect(replay(sequence(60, [18, 18, 18, 18, 6, 6, 6, 6, 6, 6])).map((alert) => [alert.type, alert.snapshots[1]])).toEqual([
      ['jump', 's-4'],
    ]);
    expect(replay(sequence(50, [15, 15, 15, 15, 5, 5, 5, 5, 5, 5, 5, 5])).map((alert) => [alert.type, alert.snapshots[1]])).toEqual([
      ['confirmed', 's-5'],
    ]);
  });

  test('a shift back after the new baseline alerts again', () => {
    expect(replay(sequence(60, [18, 6, 6, 18])).map((alert) => [alert.type, alert.from, alert.to])).toEqual([
      ['jump', 0.3, 0.1],
      ['jump', 0.1, 0.3],
    ]);
  });

  test('never compared across fingerprints', () => {
    expect(replay(sequence(60, [18, 6], ['fp-a', 'fp-b']))).toEqual([]);
    // The new configuration's own runs compare among themselves, never with the old one's.
    expect(replay(sequence(60, [18, 18, 18, 18, 6, 6, 6, 6, 6, 6], ['a', 'a', 'a', 'a', 'b', 'b', 'b', 'b', 'b', 'b']))).toEqual([]);
  });

  test('a run without answers raises nothing', () => {
    expect(replay(sequence(50, [15, 0]).map((run, index) => (index === 1 ? brandRun(1, 0, 0) : run)))).toEqual([]);
  });
});

describe('site events: no statistics, no false alarms', () => {
  const state = (changes: Partial<SiteState> = {}): SiteState => ({
    crawlers: { GPTBot: 'allowed', ClaudeBot: 'allowed' },
    robotsTxt: true,
    llmsTxt: true,
    checks: {
      'home-status': { name: 'Home page answers', status: 'pass', detail: 'The home page answered 200.' },
      sitemap: { name: 'XML sitemap', status: 'warn', detail: 'No sitemap.' },
    },
    ...changes,
  });
  const siteRun = (index: number, site: SiteState, fingerprint = 'fp'): MonitorRun => ({
    snapshotId: `s-${index}`,
    at: day(index),
    fingerprint,
    observation: { kind: 'site', rates: {}, values: { totalScore: 70, crawlerScore: 80, memoryScore: 60 }, site },
  });

  test('unchanged: nothing', () => {
    expect(evaluateAlerts('m', [siteRun(0, state()), siteRun(1, state())], [])).toEqual([]);
  });

  test('GPTBot allowed → blocked, naming the crawler', () => {
    const [alert, ...rest] = evaluateAlerts(
      'm',
      [siteRun(0, state()), siteRun(1, state({ crawlers: { GPTBot: 'blocked', ClaudeBot: 'allowed' } }))],
      [],
    );
    expect(rest).toEqual([]);
    expect(alert).toMatchObject({
      type: 'event',
      metric: 'crawler:GPTBot',
      from: 'allowed',
      to: 'blocked',
      snapshots: ['s-0', 's-1'],
      evidence: { crawler: 'GPTBot' },
    });
  });

  test('robots.txt and llms.txt appearing or vanishing', () => {
    const alerts = evaluateAlerts('m', [siteRun(0, state({ robotsTxt: false })), siteRun(1, state({ llmsTxt: false }))], []);
    expect(alerts.map((alert) => [alert.metric, alert.from, alert.to])).toEqual([
      ['file:robots.txt', 'absent', 'present'],
      ['file:llms.txt', 'present', 'absent'],
    ]);
  });

  test('a crawler newly charged (pay per crawl) is an event naming it and its price; a run without the simulation compares nothing', () => {
    const free = state({ charged: {} });
    const charged = state({ charged: { GPTBot: 'USD 0.01', 'ChatGPT-User': 'USD 0.01' } });
    const alerts = evaluateAlerts('m', [siteRun(0, free), siteRun(1, charged)], []);
    expect(alerts.map((alert) => [alert.metric, alert.from, alert.to, alert.evidence.crawler])).toEqual([
      ['crawler:GPTBot charged', 'free', 'USD 0.01', 'GPTBot'],
      ['crawler:ChatGPT-User charged', 'free', 'USD 0.01', 'ChatGPT-User'],
    ]);
    expect(alerts[0]?.evidence.detail).toBe('GPTBot is now charged USD 0.01 per page (pay per crawl or x402).');
    // Still charged the same: nothing; no simulation in the run before (or an observation from before charges were read): nothing.
    expect(evaluateAlerts('m', [siteRun(0, charged), siteRun(1, charged)], [])).toEqual([]);
    expect(evaluateAlerts('m', [siteRun(0, state()), siteRun(1, charged)], [])).toEqual([]);
  });

  test('a file that could not be read is no event', () => {
    expect(evaluateAlerts('m', [siteRun(0, state()), siteRun(1, state({ robotsTxt: undefined, crawlers: {} }))], [])).toEqual([]);
  });

  test('a check from pass to fail (not warn to fail, not pass to warn)', () => {
    const failing = state({
      checks: {
        'home-status': { name: 'Home page answers', status: 'fail', detail: 'The home page answered 503.' },
        sitemap: { name: 'XML sitemap', status: 'fail', detail: 'x' },
      },
    });
    expect(
      evaluateAlerts('m', [siteRun(0, state()), siteRun(1, failing)], []).map((alert) => [alert.metric, alert.evidence.detail]),
    ).toEqual([['check:home-status', 'The home page answered 503.']]);
  });

  test('not across fingerprints', () => {
    expect(evaluateAlerts('m', [siteRun(0, state(), 'a'), siteRun(1, state({ llmsTxt: false }), 'b')], [])).toEqual([]);
  });
});
