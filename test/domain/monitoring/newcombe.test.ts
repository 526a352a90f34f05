import { excludesZero, newcombe } from '../../../domain/monitoring/newcombe';
import { Z99 } from '../../../domain/shared/rate';

// Newcombe 1998 (Stat Med 17:873–890), Table II, method 10 (hybrid score), 95%: the paper's eight examples.
// (c) is the value computed here; the other seven are the published ones to the fourth decimal.
test.each([
  ['(a)', 56, 70, 48, 80, 0.0524, 0.3339],
  ['(b)', 9, 10, 3, 10, 0.1705, 0.809],
  ['(c)', 6, 7, 2, 7, 0.0582, 0.8062],
  ['(d)', 5, 56, 0, 29, -0.0381, 0.1926],
  ['(e)', 0, 10, 0, 20, -0.1611, 0.2775],
  ['(f)', 0, 10, 0, 10, -0.2775, 0.2775],
  ['(g)', 10, 10, 0, 20, 0.6791, 1],
  ['(h)', 10, 10, 0, 10, 0.6075, 1],
])('Newcombe 1998 example %s: %d/%d − %d/%d is %d to %d', (_example, x1, n1, x2, n2, low, high) => {
  const interval = newcombe(x1, n1, x2, n2);
  expect(interval.low).toBeCloseTo(low, 4);
  expect(interval.high).toBeCloseTo(high, 4);
});

test('an independent implementation agrees: R contingencytables (Fagerland et al.), 7/34 − 1/34 is 0.0189 to 0.3404', () => {
  const interval = newcombe(7, 34, 1, 34);
  expect(interval.difference).toBeCloseTo(0.1765, 4);
  expect(interval.low).toBeCloseTo(0.0189, 4);
  expect(interval.high).toBeCloseTo(0.3404, 4);
});

test('0/10 against 0/10 has width (Wald would give 0 to 0) and does not exclude zero', () => {
  const interval = newcombe(0, 10, 0, 10, Z99);
  expect(interval.high - interval.low).toBeGreaterThan(0.5);
  expect(excludesZero(interval)).toBe(false);
});

test('5/10 against 1/10 is not significant even at 95% (−0.002 to 0.68; Wald says 0.04 to 0.76)', () => {
  const interval = newcombe(5, 10, 1, 10);
  expect(interval.low).toBeCloseTo(-0.0024, 4);
  expect(interval.high).toBeCloseTo(0.6759, 4);
  expect(excludesZero(interval)).toBe(false);
  expect(excludesZero(newcombe(5, 10, 1, 10, Z99))).toBe(false);
});
