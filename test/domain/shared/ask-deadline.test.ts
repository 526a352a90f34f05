import { askDeadline, askTimeouts, missedDeadlineMessage } from '../../../domain/shared/ask-deadline';

const START = Date.UTC(2026, 10, 26, 12);

test('the default 100 s: answers due at 90 s, a question may wait in its queue until 30 s', () => {
  expect(askDeadline(START, 100_000)).toEqual({ seconds: 100, answersBy: START + 90_000, startBy: START + 30_000 });
});

test('a deadline too short for a whole answer’s allowance: an answer has two thirds of the time for answers', () => {
  expect(askDeadline(START, 20_000)).toEqual({ seconds: 20, answersBy: START + 10_000, startBy: START + 3_333 });
});

test('a question scheduled in time waits until startBy and is stopped at answersBy; past startBy it is not scheduled', () => {
  const deadline = askDeadline(START, 100_000);
  expect(askTimeouts(deadline, START + 4_000)).toEqual({ scheduleToStartTimeout: 26_000, scheduleToCloseTimeout: 86_000 });
  expect(askTimeouts(deadline, START + 30_000)).toBeUndefined();
});

test('the reasons name the platform and the deadline', () => {
  const deadline = askDeadline(START, 100_000);
  expect(missedDeadlineMessage('Claude', 'not-answered', deadline)).toBe('Claude did not answer in time: this check answers within 100 s');
  expect(missedDeadlineMessage('Perplexity', 'not-asked', deadline)).toMatch(
    /^Perplexity was not asked in time: .* within this check's 100 s$/,
  );
});
