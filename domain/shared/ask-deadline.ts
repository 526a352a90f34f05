/**
 * The time promise of a check a person waits for (docs/checks/site.md, its deadline): SPEC's site
 * check answers within about 100 s, so its clients' 120–150 s time-outs hold. A platform whose budget
 * is spent on other checks cannot be waited for past that: its question may wait in the platform's
 * queue only until there is still time for an answer, and is then reported as not asked in time.
 */
import { DEFAULT_ANSWER_TIMEOUT_MS } from './answer-timeouts';

/** What composing and storing the report takes once the answers are in (cited pages' titles, the snapshot). */
export const REPORT_ALLOWANCE_MS = 10_000;
/** The longest one answer takes once asked: the platform client's own limit on a request to the site check's assistants. */
export const ANSWER_ALLOWANCE_MS = DEFAULT_ANSWER_TIMEOUT_MS;

export interface AskDeadline {
  /** The check's deadline, in seconds from its start, for the reason shown. */
  seconds: number;
  /** When every answer must be in (epoch ms). */
  answersBy: number;
  /** The last moment a question may still be started (epoch ms). */
  startBy: number;
}

/**
 * The deadline of a check started at `startedAt` that promises to answer within `deadlineMs`. A
 * question may wait until the time left for answers is the longest an answer takes, or two thirds of
 * the time for answers, for deadlines too short to hold a whole answer's allowance.
 */
export function askDeadline(startedAt: number, deadlineMs: number): AskDeadline {
  const answersBy = startedAt + Math.max(deadlineMs - REPORT_ALLOWANCE_MS, deadlineMs / 2);
  const forAnswers = answersBy - startedAt;
  return {
    seconds: Math.round(deadlineMs / 1000),
    answersBy,
    startBy: answersBy - Math.round(Math.min(ANSWER_ALLOWANCE_MS, (forAnswers * 2) / 3)),
  };
}

/** Temporal's limits on a question scheduled at `now`: in the queue until `startBy`, answered by `answersBy`; undefined when already too late. */
export function askTimeouts(
  deadline: AskDeadline,
  now: number,
): { scheduleToStartTimeout: number; scheduleToCloseTimeout: number } | undefined {
  const queueWait = deadline.startBy - now;
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
