import { ANSWER_TIME_RULE, measuredAnswerTimeMs, percentile } from '../../../domain/shared/answer-time';

const NOW = Date.UTC(2026, 10, 28, 23);
const answers = (...ms: number[]) => ms.map((time, index) => ({ at: NOW - index * 1_000, ms: time }));

test('the nearest-rank percentile', () => {
  expect(percentile([5, 1, 4, 2, 3], 0.5)).toBe(3);
  expect(percentile([1, 2, 3, 4, 5, 6, 7, 8, 9, 10], 0.95)).toBe(10);
  expect(
    percentile(
      Array.from({ length: 40 }, (_, index) => index + 1),
      0.95,
    ),
  ).toBe(38);
  expect(percentile([7], 0.95)).toBe(7);
});

test('too few recent answers: not measured, the configured timeout stands', () => {
  expect(measuredAnswerTimeMs(answers(3_000, 3_000, 3_000, 3_000), NOW, 60_000)).toBeUndefined();
  expect(measuredAnswerTimeMs([], NOW, 60_000)).toBeUndefined();
});

test('the 95th percentile of the recent answers: one slow answer in twenty does not set the figure, two do', () => {
  const fast = Array.from({ length: 19 }, () => 3_000);
  expect(measuredAnswerTimeMs(answers(...fast, 40_000), NOW, 60_000)).toBe(3_000);
  expect(measuredAnswerTimeMs(answers(...fast.slice(1), 40_000, 40_000), NOW, 60_000)).toBe(40_000);
});

test('held between the floor and the client’s timeout', () => {
  expect(measuredAnswerTimeMs(answers(10, 20, 30, 40, 50), NOW, 60_000)).toBe(ANSWER_TIME_RULE.floorMs);
  expect(measuredAnswerTimeMs(answers(70_000, 70_000, 70_000, 70_000, 70_000), NOW, 60_000)).toBe(60_000);
});

test('a sliding window: answers older than the window’s age, or past its count, no longer count', () => {
  const old = Array.from({ length: 10 }, (_, index) => ({ at: NOW - ANSWER_TIME_RULE.maxAgeMs - 1_000 - index, ms: 50_000 }));
  expect(measuredAnswerTimeMs([...answers(4_000, 4_000, 4_000, 4_000, 4_000), ...old], NOW, 60_000)).toBe(4_000);
  // The platform slowed down: its latest answers push the older fast ones out of the window.
  const slowNow = Array.from({ length: ANSWER_TIME_RULE.window }, (_, index) => ({ at: NOW - index, ms: 30_000 }));
  const fastBefore = Array.from({ length: 40 }, (_, index) => ({ at: NOW - 60_000 - index, ms: 2_500 }));
  expect(measuredAnswerTimeMs([...fastBefore, ...slowNow], NOW, 60_000)).toBe(30_000);
});
