import { confidenceOf, intervalWidth, wilson } from '../../../domain/shared/rate';

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

describe('confidenceOf: one rule for every report', () => {
  test('normal with 20 answers or more and every interval at most 0.3 wide', () => {
    expect(confidenceOf([wilson(18, 20), wilson(200, 400)])).toBe('normal');
  });
  test('low when any rate rests on fewer than 20 answers', () => {
    expect(confidenceOf([wilson(200, 400), wilson(19, 19)])).toBe('low');
  });
  test('low when any interval is wider than 0.3: half of 20 answers is 0.40 wide, half of 40 is 0.30', () => {
    expect(intervalWidth(wilson(10, 20))).toBeCloseTo(0.401, 2);
    expect(confidenceOf([wilson(10, 20)])).toBe('low');
    expect(confidenceOf([wilson(20, 40)])).toBe('normal');
  });
});
