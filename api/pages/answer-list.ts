import type { AnswerEvidence } from '../../domain/shared/platform-reply';
import { SURFACES } from '../../domain/shared/platforms';
import { html, safeHref, type SafeHtml } from '../html';
import { provenanceLine } from './answer-provenance';
import { answerMarketTag } from './market-sections';

/**
 * "Questions and answers", as the brand and article reports show them: each question, and under it each
 * answer saying where it came from (the platform, whether people see it on a search surface or it is a
 * vendor's API, and its market), what the kind makes of it, its text and how it came about.
 */

/** What every kind's stored answer has (domain/brand/report/report-schema.ts, domain/article/report-schema.ts). */
export interface ListedAnswer extends Partial<AnswerEvidence> {
  questionId: string;
  platform: string;
  run?: number;
  status: 'answered' | 'no-answer' | 'unavailable' | 'error';
  reason?: keyof typeof NO_ANSWER_REASON;
  error?: string;
  model?: string;
}

export interface AnswerParts<Q, A> {
  heading: (question: Q) => SafeHtml;
  /** Shown open: the answers worth reading first. */
  open: (answer: A) => boolean;
  /** What the kind makes of an answered one, as tags. */
  verdict: (answer: A) => SafeHtml;
  /** Its text and what follows it (citations, sentiment), for an answer that is not an error. */
  body: (answer: A) => SafeHtml;
}

export const NO_ANSWER_REASON = {
  'no-ai-overview': 'no AI Overview shown',
  'no-results': 'no results',
  'not-offered': 'not offered there',
} as const;

const SURFACE_NAMES: ReadonlySet<string> = new Set(SURFACES.map((surface) => surface.name));

/** "Google AI Mode (what people see)", "Gemini (API)", with the run and the market. */
function answerSource(answer: ListedAnswer): SafeHtml {
  const where = SURFACE_NAMES.has(answer.platform) ? 'what people see' : 'API';
  return html`<strong>${answer.platform}</strong> <span class="muted">(${where})</span>${(answer.run ?? 1) > 1 ? ` (run ${answer.run})` : ''}${answerMarketTag(answer.market)}`;
}

export function questionsAndAnswers<Q extends { id: string }, A extends ListedAnswer>(
  questions: readonly Q[],
  answers: readonly A[],
  parts: AnswerParts<Q, A>,
): SafeHtml {
  const verdict = (answer: A) =>
    answer.status === 'error'
      ? html`<span class="tag error">error</span>`
      : answer.status === 'no-answer' || answer.status === 'unavailable'
        ? html`<span class="tag unknown">${answer.reason ? NO_ANSWER_REASON[answer.reason] : 'no answer'}</span>`
        : parts.verdict(answer);
  return html`<h2>Questions and answers</h2>
${questions.map(
  (question) => html`<section>
<h3>${parts.heading(question)}</h3>
${answers
  .filter((answer) => answer.questionId === question.id)
  .map(
    (answer) => html`<details${parts.open(answer) ? ' open' : ''}>
<summary>${answerSource(answer)}: ${verdict(answer)}</summary>
${answer.status === 'error' ? html`<p class="muted">${answer.error ?? ''}</p>` : parts.body(answer)}
${provenanceLine(answer)}
</details>`,
  )}
</section>`,
)}`;
}

/** An answer's citations as links, each marked when `marked` says it is the one the report looks for. */
export function citationLinks(citations: readonly string[], marked: (url: string) => boolean = () => false): SafeHtml {
  if (citations.length === 0) return html``;
  const link = (url: string) => html`<a href="${safeHref(url)}" rel="nofollow noopener noreferrer">${url}</a>`;
  return html`<p>Cites: ${citations.map((url) => (marked(url) ? html`<mark>${link(url)}</mark> ` : html`${link(url)} `))}</p>`;
}
