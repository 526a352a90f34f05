import { askDeadline, askTimeouts, mayStillAsk, missedDeadlineMessage, startBy } from '../../../domain/shared/ask-deadline';

const START = Date.UTC(2026, 10, 26, 12);

test('the default 100 s, Claude not yet measured: answers due at 90 s, its question may wait in its queue until 30 s', () => {
  const deadline = askDeadline(START, 100_000);
  expect(deadline).toMatchObject({ seconds: 100, answersBy: START + 90_000 });
  expect(startBy(deadline, deadline.answerTimeMs.claude)).toBe(START + 30_000);
});

test('a deadline too short for a whole answer’s allowance, unmeasured: an answer has two thirds of the time for answers', () => {
  const deadline = askDeadline(START, 20_000);
  expect(deadline.answersBy).toBe(START + 10_000);
  expect(startBy(deadline, deadline.answerTimeMs.claude)).toBe(START + 3_333);
});

test('a platform measured at 3 s waits until 4 s before the answers are due; one measured at 30 s until 31 s before', () => {
  const deadline = askDeadline(START, 100_000, { claude: 3_000, perplexity: 30_000 });
  expect(startBy(deadline, deadline.answerTimeMs.claude)).toBe(START + 86_000);
  expect(startBy(deadline, deadline.answerTimeMs.perplexity)).toBe(START + 59_000);
  // Not measured: the rule before measuring.
  expect(startBy(deadline, deadline.answerTimeMs.gemini)).toBe(START + 30_000);
});

test('a platform measured slower than the time for answers is not asked at all: no answer could come in time', () => {
  const deadline = askDeadline(START, 45_000, { claude: 40_000 });
  expect(askTimeouts(deadline, 'claude', START + 500)).toBeUndefined();
});

test('a question scheduled in time waits until its startBy and is stopped at answersBy; past startBy it is not scheduled', () => {
  const deadline = askDeadline(START, 100_000, { claude: 5_000 });
  expect(askTimeouts(deadline, 'claude', START + 4_000)).toEqual({ scheduleToStartTimeout: 80_000, scheduleToCloseTimeout: 86_000 });
  expect(askTimeouts(deadline, 'claude', START + 84_000)).toBeUndefined();
});

test('a platform not measured when its check started waits in the queue as long as its fastest answer could come; its worker judges it then', () => {
  const deadline = askDeadline(START, 100_000, { claude: 5_000 });
  expect(askTimeouts(deadline, 'gemini', START + 4_000)).toEqual({ scheduleToStartTimeout: 83_000, scheduleToCloseTimeout: 86_000 });
  // Taken at 50 s: measured by then at 3 s, it is sent; still unmeasured, the rule before measuring turns it back.
  expect(mayStillAsk(deadline, 3_000, START + 50_000)).toBe(true);
  expect(mayStillAsk(deadline, undefined, START + 50_000)).toBe(false);
  // A platform that slowed down to 45 s since: no longer worth sending at 50 s.
  expect(mayStillAsk(deadline, 45_000, START + 50_000)).toBe(false);
});

test('the reasons name the platform and the deadline', () => {
  const deadline = askDeadline(START, 100_000);
  expect(missedDeadlineMessage('Claude', 'not-answered', deadline)).toBe('Claude did not answer in time: this check answers within 100 s');
  expect(missedDeadlineMessage('Perplexity', 'not-asked', deadline)).toMatch(
    /^Perplexity was not asked in time: .* within this check's 100 s$/,
  );
});
