/**
 * The time promise of a check a person waits for (docs/platform-budgets.md, "The time promise"): SPEC's
 * site check answers within about 100 s, so its clients' 120–150 s time-outs hold. A platform whose
 * budget is spent on other checks cannot be waited for past that: its question may wait in the
 * platform's queue as long as an answer can still come in time, judged by how long that platform takes
 * to answer now (answer-time.ts), and is then reported as not asked in time. An answer asked late is
 * still cut when the answers are due, and reported as not answered in time.
 */
import { DEFAULT_ANSWER_TIMEOUT_MS } from './answer-timeouts';
import type { PlatformId } from './platforms';
import { ANSWER_TIME_RULE } from './answer-time';

/** What composing and storing the report takes once the answers are in (cited pages' titles, the snapshot). */
export const REPORT_ALLOWANCE_MS = 10_000;
/** The longest one answer takes once asked: the platform client's own limit, held to while a platform's answer time is not measured. */
export const ANSWER_ALLOWANCE_MS = DEFAULT_ANSWER_TIMEOUT_MS;
/** Beyond a measured answer: the task's way from the queue to a worker and the reply's way back. */
export const HAND_OVER_MS = 1_000;

/** When a check started and when its answers are due (epoch ms): what a question carries to its worker. */
export interface AskWindow {
  startedAt: number;
  answersBy: number;
}

export interface AskDeadline extends AskWindow {
  /** The check's deadline, in seconds from its start, for the reason shown. */
  seconds: number;
  /** Each platform's measured answer time when the check started (RunSettings.answerTimeMs); a platform left out is not measured. */
  answerTimeMs: Partial<Record<PlatformId, number>>;
}

/** What a step says of a question taken off its queue, or turned back by its worker, too late to be answered in time. */
export const NOT_ASKED_IN_TIME_STEP = 'not started in time: the platform’s request budget was taken by other checks';

/**
 * The deadline of a check started at `startedAt` that promises to answer within `deadlineMs`, with the
 * platforms' answer times as measured when it started.
 */
export function askDeadline(startedAt: number, deadlineMs: number, answerTimeMs: Partial<Record<PlatformId, number>> = {}): AskDeadline {
  return {
    seconds: Math.round(deadlineMs / 1000),
    startedAt,
    answersBy: startedAt + Math.max(deadlineMs - REPORT_ALLOWANCE_MS, deadlineMs / 2),
    answerTimeMs,
  };
}

/**
 * The last moment a question to a platform that answers in `measuredMs` may still be started (epoch
 * ms): while the time left for answers holds that answer time. Unmeasured, the client's whole
 * allowance, or two thirds of the time for answers for deadlines too short to hold it (the rule before
 * measuring).
 */
export function startBy(window: AskWindow, measuredMs: number | undefined): number {
  const forAnswers = window.answersBy - window.startedAt;
  const answerTime = measuredMs === undefined ? Math.min(ANSWER_ALLOWANCE_MS, (forAnswers * 2) / 3) : measuredMs + HAND_OVER_MS;
  return window.answersBy - Math.round(answerTime);
}

/** Whether a worker handed the question at `now` should still send it, by the platform's answer time now. */
export function mayStillAsk(window: AskWindow, measuredMs: number | undefined, now: number): boolean {
  return now < startBy(window, measuredMs);
}

/**
 * Temporal's limits on a question to `platformId` scheduled at `now`: answered by `answersBy`, and in
 * the queue until the platform's startBy by its answer time when the check started. A platform not
 * yet measured may wait as long as the fastest answer could still come (the floor): the worker that
 * takes it judges it then (mayStillAsk), by the answers measured meanwhile. Undefined when already too
 * late.
 */
export function askTimeouts(
  deadline: AskDeadline,
  platformId: PlatformId,
  now: number,
): { scheduleToStartTimeout: number; scheduleToCloseTimeout: number } | undefined {
  const queueWait = startBy(deadline, deadline.answerTimeMs[platformId] ?? ANSWER_TIME_RULE.floorMs) - now;
  if (queueWait < 1) return undefined;
  return { scheduleToStartTimeout: queueWait, scheduleToCloseTimeout: deadline.answersBy - now };
}

/** Why a platform's answer is missing: never asked (its budget was spent on other work) or asked and not done in time. */
export type MissedDeadline = 'not-asked' | 'not-answered';

export function missedDeadlineMessage(platform: string, missed: MissedDeadline, deadline: AskDeadline): string {
  return missed === 'not-asked'
    ? `${platform} was not asked in time: its request budget was taken by other checks until too late to answer within this check's ${deadline.seconds} s`
    : `${platform} did not answer in time: this check answers within ${deadline.seconds} s`;
}
