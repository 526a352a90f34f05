import { KINDS, METRIC_LABELS, metricsOf } from '../../../domain/kinds';
import type { MonitorRun } from '../../../domain/monitoring/alerts';
import { seriesKeyOf, storedKey, type SeriesKey } from '../../../domain/monitoring/metric';
import { seriesOf } from '../../../domain/monitoring/series';
import { MONITOR_KINDS } from '../../../domain/shared/check-kinds';
import { metricName } from '../../../api/wording';

test('a series key is stored as the trend and the alerts have always spelt it, and read back the same', () => {
  const keys: [SeriesKey, string][] = [
    [{ family: 'metric', id: 'mentionRate' }, 'mentionRate'],
    [{ family: 'platform', id: 'Claude' }, 'platform:Claude'],
    [{ family: 'crawler', id: 'GPTBot' }, 'crawler:GPTBot'],
    [{ family: 'file', id: 'robots.txt' }, 'file:robots.txt'],
    [{ family: 'check', id: 'robots-txt' }, 'check:robots-txt'],
    // An id may hold a colon itself: only the first one separates the family.
    [{ family: 'crawler', id: 'ChatGPT Agent:beta' }, 'crawler:ChatGPT Agent:beta'],
  ];
  for (const [key, stored] of keys) {
    expect(storedKey(key)).toBe(stored);
    expect(seriesKeyOf(stored)).toEqual(key);
  }
});

test('every monitored metric has a key of its own, a unit and a name people read', () => {
  const keys = MONITOR_KINDS.flatMap((kind) => metricsOf(kind).map((metric) => metric.key));
  expect(new Set(keys).size).toBe(keys.length);
  for (const kind of MONITOR_KINDS) {
    expect(metricsOf(kind).length).toBeGreaterThan(0);
    for (const metric of metricsOf(kind)) expect(metricName({ family: 'metric', id: metric.key })).toBe(METRIC_LABELS[metric.key]);
  }
  expect(metricName(seriesKeyOf('mentionRate'))).toBe('Mention rate');
  expect(metricName(seriesKeyOf('platform:Claude'))).toBe('Claude knows the site');
  expect(metricName(seriesKeyOf('crawler:GPTBot'))).toBe('GPTBot access');
  expect(metricName(seriesKeyOf('file:llms.txt'))).toBe('llms.txt');
  expect(KINDS.traffic.metrics).toEqual([]);
});

test('observations stored before the metrics table still chart: the same keys, the same series', () => {
  // As a monitored run's snapshot held them in the store (snapshots.observation) before this change.
  const stored: MonitorRun[] = [
    {
      snapshotId: 'a',
      at: '2026-11-01T00:00:00.000Z',
      fingerprint: 'f',
      observation: { kind: 'article', rates: { urlCitationRate: { count: 3, total: 10 } }, values: { unionCoverage: 0.4 }, answers: {} },
    },
    {
      snapshotId: 'b',
      at: '2026-11-02T00:00:00.000Z',
      fingerprint: 'f',
      observation: { kind: 'article', rates: { urlCitationRate: { count: 1, total: 10 } }, values: { unionCoverage: 0.5 }, answers: {} },
    },
  ];
  const series = seriesOf('article', stored);
  expect(series.map(({ key, metric, unit, points }) => [key, metric, unit, points.map((point) => point.value)])).toEqual([
    [{ family: 'metric', id: 'urlCitationRate' }, 'urlCitationRate', 'rate', [0.3, 0.1]],
    [{ family: 'metric', id: 'unionCoverage' }, 'unionCoverage', 'share', [0.4, 0.5]],
  ]);
  const site = seriesOf('site', [
    {
      snapshotId: 'c',
      at: '2026-11-01T00:00:00.000Z',
      fingerprint: 'f',
      observation: {
        kind: 'site',
        rates: {},
        values: { totalScore: 50, crawlerScore: 60, memoryScore: 40 },
        platforms: { Claude: 'known' },
      },
    },
  ]);
  expect(site.at(-1)).toMatchObject({
    key: { family: 'platform', id: 'Claude' },
    metric: 'platform:Claude',
    unit: 'status',
    points: [{ value: 1 }],
  });
});
