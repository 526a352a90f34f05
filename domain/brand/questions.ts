import { hasKana } from '../shared/language/cjk';
import { parseProposedQuestions, similarity } from '../shared/question-proposals';
import { findNames, matchableText } from './reader/names';
import { BRANDED, templateLanguage, UNBRANDED, type QuestionIntent, type TemplateLanguage } from './question-templates';
import { languageName } from '../shared/language/names';

/**
 * The questions of a brand diagnosis (docs/checks/brand.md): about 80% without the brand's name, phrased to ask
 * for named options (people asking "how do I…" get almost no names back), and the rest naming the
 * brand. From templates by intent, or proposed by the analysis model and checked here.
 */

export type { QuestionIntent } from './question-templates';

export interface BrandQuestion {
  id: string;
  text: string;
  intent: QuestionIntent;
  branded: boolean;
  source: 'template' | 'model';
  /** The market it is asked in (its key, marketKey), when the diagnosis has markets. */
  market?: string;
}

export const MAX_BRAND_QUESTIONS = 20;
const UNBRANDED_SHARE = 0.8;
/** Two questions this alike (token Jaccard) ask the same thing. */
const DUPLICATE_SIMILARITY = 0.8;

export interface QuestionPlan {
  keyword: string;
  brand: string;
  /** How many questions (1–20). */
  count: number;
  /** The market's language (BCP 47) the questions are asked in; unset: the keyword's. */
  language?: string;
}

/** The market's language where templates have it; else the keyword's script says (kana: Japanese, Hangul: Korean, Han: Chinese). */
function languageOf({ keyword, language }: QuestionPlan): TemplateLanguage {
  const chosen = templateLanguage(language);
  if (chosen) return chosen;
  if (hasKana(keyword)) return 'ja';
  if (/\p{Script=Hangul}/u.test(keyword)) return 'ko';
  return /\p{Script=Han}/u.test(keyword) ? 'zh' : 'en';
}
const fill = (template: string, { keyword, brand }: QuestionPlan) => template.replaceAll('{kw}', keyword).replaceAll('{brand}', brand);
const split = (count: number) => {
  const unbranded = Math.max(1, Math.round(count * UNBRANDED_SHARE));
  return { unbranded: Math.min(unbranded, count), branded: count - Math.min(unbranded, count) };
};

/** Questions from the templates alone: the first `count` of each kind, unbranded first. */
export function templateQuestions(plan: QuestionPlan): BrandQuestion[] {
  const count = Math.min(Math.max(1, plan.count), MAX_BRAND_QUESTIONS);
  const language = languageOf(plan);
  const { unbranded, branded } = split(count);
  const picked = [
    ...UNBRANDED[language].slice(0, unbranded).map(([intent, text]) => ({ intent, text: fill(text, plan), branded: false })),
    ...BRANDED[language].slice(0, branded).map(([intent, text]) => ({ intent, text: fill(text, plan), branded: true })),
  ];
  return picked.map((question, index) => ({ ...question, id: `q${index + 1}`, source: 'template' as const }));
}

/** What the analysis platform is asked; it answers with JSON that questionsFromModel checks. */
export function questionPrompt({ keyword, brand, count, language }: QuestionPlan): string {
  const { unbranded } = split(count);
  return [
    `Write ${count} different questions that real people ask an AI assistant when they look for ${keyword}.`,
    `${unbranded} of them must not mention ${brand}; the others must name ${brand} (for example asking for alternatives to it, or whether it is worth it).`,
    'Every question must invite an answer that names specific products, companies or tools.',
    'Cover these intents: best-of, comparison, use-case, informational, pricing, reviews, alternatives, worth.',
    language ? `Write them in ${languageName(language)}, as people in that market ask.` : `Write them in the language of "${keyword}".`,
    'Answer with JSON only, no other text: {"questions":[{"text":"…","intent":"best-of"}]}',
  ].join('\n');
}

const INTENTS = ['best-of', 'comparison', 'use-case', 'informational', 'pricing', 'reviews', 'alternatives', 'worth'] as const;

/**
 * The model's proposal (JSON, perhaps in a ```json fence) as questions: invalid entries dropped,
 * near-duplicates dropped, about 80% without the brand's name, topped up from the templates to
 * `count`. Never throws: an unreadable proposal yields the templates.
 */
export function questionsFromModel(raw: string, plan: QuestionPlan): BrandQuestion[] {
  const count = Math.min(Math.max(1, plan.count), MAX_BRAND_QUESTIONS);
  const { unbranded: unbrandedWanted, branded: brandedWanted } = split(count);
  const proposed = parseProposedQuestions(raw).map((entry) => {
    const text = entry.text.replace(/\s+/gu, ' ').trim();
    const intent = (INTENTS as readonly string[]).includes(entry.intent ?? '') ? (entry.intent as QuestionIntent) : undefined;
    return { text, intent, branded: namesBrand(text, plan.brand) };
  });

  const kept: Omit<BrandQuestion, 'id'>[] = [];
  const take = (candidates: readonly Omit<BrandQuestion, 'id'>[], branded: boolean, wanted: number) => {
    for (const candidate of candidates) {
      if (kept.filter((question) => question.branded === branded).length >= wanted) return;
      if (candidate.branded !== branded || candidate.text.length < 10 || candidate.text.length > 300) continue;
      if (kept.some((question) => similarity(question.text, candidate.text) >= DUPLICATE_SIMILARITY)) continue;
      kept.push(candidate);
    }
  };
  const fromModel = proposed.map((question) => ({
    ...question,
    intent: question.intent ?? (question.branded ? 'alternatives' : 'best-of'),
    source: 'model' as const,
  }));
  const fromTemplates = templateQuestions({ ...plan, count: MAX_BRAND_QUESTIONS });
  take(fromModel, false, unbrandedWanted);
  take(fromTemplates, false, unbrandedWanted);
  take(fromModel, true, brandedWanted);
  take(fromTemplates, true, brandedWanted);
  const ordered = [...kept.filter((question) => !question.branded), ...kept.filter((question) => question.branded)];
  return ordered.map((question, index) => ({ ...question, id: `q${index + 1}` }));
}

function namesBrand(text: string, brand: string): boolean {
  return findNames(matchableText(text), [{ key: 'brand', names: [brand] }]).length > 0;
}
