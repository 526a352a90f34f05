import { intervalWidth, wilson } from '../../../domain/shared/rate';

test.each([
  // Reference values of the Wilson score interval at 95% (z = 1.96).
  [5, 10, 0.5, 0.2366, 0.7634],
  [0, 10, 0, 0, 0.2775],
  [10, 10, 1, 0.7225, 1],
  [24, 32, 0.75, 0.5789, 0.8675],
  [1, 40, 0.025, 0.0044, 0.1288],
])('%d of %d: value %d, interval %d–%d', (count, total, value, low, high) => {
  const rate = wilson(count, total);
  expect(rate).toMatchObject({ count, total, value });
  expect(rate.low).toBeCloseTo(low, 3);
  expect(rate.high).toBeCloseTo(high, 3);
});

test('no answers: a rate of 0 with an empty interval, never NaN', () => {
  expect(wilson(0, 0)).toEqual({ value: 0, count: 0, total: 0, low: 0, high: 0 });
});

test('the interval narrows as answers pile up', () => {
  expect(intervalWidth(wilson(20, 40))).toBeLessThan(intervalWidth(wilson(5, 10)));
  expect(intervalWidth(wilson(5, 10))).toBeGreaterThan(0.3);
});
