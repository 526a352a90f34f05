import { parseProposedQuestions, similarity } from '../shared/question-proposals';
import type { KeyPoint } from './key-points';
import { hasCjk } from '../shared/language/cjk';
import { languageName } from '../shared/language/names';

/**
 * Questions a reader would ask an assistant that the article answers: from its title and headings
 * ("How to plan a garden" → "How do I plan a garden?"), or proposed by the analysis model from the
 * title, headings and key points, checked and topped up from the templates.
 */

export interface ArticleQuestion {
  id: string;
  text: string;
  source: 'template' | 'model';
  /** The market it is asked in (its key, marketKey), when the check has markets. */
  market?: string;
}

export interface ArticleOutline {
  title: string;
  headings: readonly string[];
  keyPoints: readonly KeyPoint[];
  language?: string;
  /** The market's language (BCP 47) the questions are asked in; unset: the article's. */
  questionLanguage?: string;
  count: number;
}

export const MAX_ARTICLE_QUESTIONS = 10;
const DUPLICATE_SIMILARITY = 0.8;

/** Headings that open with one of these are instructions ("Choose the right size"): asked as "how do I …". */
const IMPERATIVE =
  /^(?:add|avoid|build|buy|check|choose|compare|create|decide|find|get|grow|keep|learn|make|measure|pick|plan|prepare|protect|rotate|select|set|start|test|try|use|water|write)\b/iu;
const UNASKABLE =
  /^(?:conclusion|summary|introduction|intro|faq|references|sources|final thoughts|related|comments|share|about the author|结论|总结|引言)$/iu;

/** The topic as a clause: "How to plan a garden" → "plan a garden"; anything else stays as it is. */
function topicOf(title: string): { topic: string; task?: string } {
  // "How to plan a vegetable garden | Green Thumb Blog": the site's name is not part of the topic.
  const topic = title
    .replace(/\s+[|–—]\s+[^|–—]*$/u, '')
    .replace(/[.!]+$/u, '')
    .trim();
  const task = /^how to (.+)$/iu.exec(topic)?.[1];
  return { topic, ...(task ? { task } : {}) };
}

/** A title as the question it answers. */
export function titleQuestion(title: string): string | undefined {
  const { topic, task } = topicOf(title);
  if (topic.length < 3) return undefined;
  if (hasCjk(topic)) return /[？?]$/u.test(topic) ? topic : `${topic}是什么？`;
  if (/\?$/u.test(topic)) return topic;
  if (task) return `How do I ${task}?`;
  const best = /^(?:the )?(?:\d+\s+)?(best|top)\s+(.+)$/iu.exec(topic);
  if (best) return `What are the ${best[1]!.toLowerCase()} ${best[2]}?`;
  if (/^(?:what|why|when|where|who|which|is|are|can|should|does|do)\b/iu.test(topic)) return `${topic}?`;
  return `What should I know about ${topic}?`;
}

/** A heading as the question its section answers, in the article's context; undefined for "Conclusion" and the like. */
export function headingQuestion(heading: string, title: string): string | undefined {
  const text = heading
    .replace(/^\d+[.)]\s*/u, '')
    .replace(/[.!:]+$/u, '')
    .trim();
  if (text.length < 3 || UNASKABLE.test(text)) return undefined;
  if (hasCjk(text)) return /[？?]$/u.test(text) ? text : `${text}？`;
  if (/\?$/u.test(text)) return text;
  const { topic, task } = topicOf(title);
  const context = task ? `when I ${task}` : `for ${topic}`;
  const how = /^how to (.+)$/iu.exec(text)?.[1];
  if (how) return `How do I ${how}?`;
  // "Plan your watering" is asked as "how do I plan my watering".
  if (IMPERATIVE.test(text)) return `How do I ${text.charAt(0).toLowerCase()}${text.slice(1).replace(/\byour\b/giu, 'my')} ${context}?`;
  return `What should I know about ${text.charAt(0).toLowerCase()}${text.slice(1)} ${context}?`;
}

export function templateQuestions({ title, headings, count }: ArticleOutline): ArticleQuestion[] {
  const { topic, task } = topicOf(title);
  const general = hasCjk(topic)
    ? []
    : task
      ? [`What are the most important tips to ${task}?`, `What mistakes should I avoid when I ${task}?`]
      : [`What are the key facts about ${topic}?`];
  const candidates = [titleQuestion(title), ...headings.map((heading) => headingQuestion(heading, title)), ...general].filter(
    (text): text is string => Boolean(text),
  );
  return distinct(
    candidates.map((text) => ({ text, source: 'template' as const })),
    Math.min(count, MAX_ARTICLE_QUESTIONS),
  );
}

export function questionPrompt({ title, headings, keyPoints, count, questionLanguage }: ArticleOutline): string {
  return [
    `An article is titled "${title}". Its headings: ${headings.slice(0, 15).join(' | ') || '(none)'}.`,
    `Its key points:\n${keyPoints.map((point) => `- ${point.text}`).join('\n')}`,
    `Write ${count} different questions that real people would ask an AI assistant and that this article answers. Do not mention the article, its site or its author.`,
    `Write them in ${questionLanguage ? `${languageName(questionLanguage)}, as people in that market ask` : "the article's language"}. Answer with JSON only: {"questions":[{"text":"…"}]}`,
  ].join('\n\n');
}

/** The model's proposal, checked and de-duplicated, topped up from the templates; never throws. */
export function questionsFromModel(raw: string, outline: ArticleOutline): ArticleQuestion[] {
  const count = Math.min(outline.count, MAX_ARTICLE_QUESTIONS);
  const proposed = parseProposedQuestions(raw)
    .map((entry) => ({ text: entry.text.replace(/\s+/gu, ' ').trim(), source: 'model' as const }))
    .filter((question) => question.text.length >= 10 && question.text.length <= 300);
  return distinct([...proposed, ...templateQuestions({ ...outline, count: MAX_ARTICLE_QUESTIONS })], count);
}

function distinct(candidates: readonly Omit<ArticleQuestion, 'id'>[], count: number): ArticleQuestion[] {
  const kept: Omit<ArticleQuestion, 'id'>[] = [];
  for (const candidate of candidates) {
    if (kept.length >= count) break;
    if (!kept.some((question) => similarity(question.text, candidate.text) >= DUPLICATE_SIMILARITY)) kept.push(candidate);
  }
  return kept.map((question, index) => ({ ...question, id: `q${index + 1}` }));
}
