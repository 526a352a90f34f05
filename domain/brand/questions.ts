import { parseProposedQuestions, similarity } from '../shared/question-proposals';
import { findNames, matchableText } from './names';
import { hasCjk } from '../shared/language/cjk';

/**
 * The questions of a brand diagnosis (DESIGN.md): about 80% without the brand's name, phrased to ask
 * for named options (people asking "how do I…" get almost no names back), and the rest naming the
 * brand. From templates by intent, or proposed by the analysis model and checked here.
 */

export type QuestionIntent = 'best-of' | 'comparison' | 'use-case' | 'informational' | 'pricing' | 'reviews' | 'alternatives' | 'worth';

export interface BrandQuestion {
  id: string;
  text: string;
  intent: QuestionIntent;
  branded: boolean;
  source: 'template' | 'model';
}

export const MAX_BRAND_QUESTIONS = 20;
const UNBRANDED_SHARE = 0.8;
/** Two questions this alike (token Jaccard) ask the same thing. */
const DUPLICATE_SIMILARITY = 0.8;

type Template = readonly [QuestionIntent, string];

/** In the order they are used: the most telling intents first. */
const UNBRANDED: Record<'en' | 'zh', readonly Template[]> = {
  en: [
    ['best-of', 'What are the best {kw}? Name the top options.'],
    ['comparison', 'Compare the leading {kw}. Which one would you recommend, and why?'],
    ['use-case', 'Which {kw} is best for a small team? Name specific products.'],
    ['best-of', 'List the top 5 {kw} with a one-line description of each.'],
    ['reviews', 'Which {kw} have the best reviews from users?'],
    ['pricing', 'Which {kw} offers the best value for money? Name specific products.'],
    ['use-case', 'Which {kw} would you recommend for a large company?'],
    ['informational', 'What is {kw}, and which products are the most popular?'],
    ['comparison', 'What are the main differences between the most popular {kw}?'],
    ['use-case', 'What {kw} would you recommend for a startup on a budget?'],
    ['reviews', 'Which {kw} is the easiest to use? Name a few.'],
    ['best-of', 'Which {kw} do experts recommend most often?'],
    ['informational', 'How do I choose {kw}? Recommend a few options.'],
    ['pricing', 'Which {kw} has a good free plan?'],
    ['comparison', 'Which {kw} are the main competitors in the market?'],
    ['use-case', 'What {kw} do professionals use most?'],
  ],
  zh: [
    ['best-of', '最好的{kw}有哪些？请列出主要选择。'],
    ['comparison', '请比较主流的{kw}，你会推荐哪一个？为什么？'],
    ['use-case', '小团队最适合用哪款{kw}？请列出具体产品。'],
    ['best-of', '请列出排名前五的{kw}，并各用一句话介绍。'],
    ['reviews', '哪些{kw}的用户评价最好？'],
    ['pricing', '哪款{kw}性价比最高？请列出具体产品。'],
    ['use-case', '大企业适合用哪款{kw}？'],
    ['informational', '什么是{kw}？最受欢迎的产品有哪些？'],
    ['comparison', '最受欢迎的几款{kw}之间有什么主要区别？'],
    ['use-case', '预算有限的初创公司适合用哪款{kw}？'],
    ['reviews', '哪款{kw}最容易上手？请举几个例子。'],
    ['best-of', '专家最常推荐哪些{kw}？'],
    ['informational', '如何选择{kw}？请推荐几个选项。'],
    ['pricing', '哪款{kw}有好用的免费版？'],
    ['comparison', '{kw}市场上的主要竞争者有哪些？'],
    ['use-case', '专业人士最常用哪些{kw}？'],
  ],
};

const BRANDED: Record<'en' | 'zh', readonly Template[]> = {
  en: [
    ['alternatives', 'What are the best alternatives to {brand}?'],
    ['worth', 'Is {brand} worth it? How does it compare with other {kw}?'],
    ['reviews', 'What do users say about {brand}?'],
    ['comparison', 'How does {brand} compare with the leading {kw}?'],
  ],
  zh: [
    ['alternatives', '{brand}有哪些好的替代品？'],
    ['worth', '{brand}值得用吗？和其他{kw}相比怎么样？'],
    ['reviews', '用户怎么评价{brand}？'],
    ['comparison', '{brand}和主流的{kw}相比如何？'],
  ],
};

export interface QuestionPlan {
  keyword: string;
  brand: string;
  /** How many questions (1–20). */
  count: number;
}

const languageOf = (keyword: string) => (hasCjk(keyword) ? 'zh' : 'en');
const fill = (template: string, { keyword, brand }: QuestionPlan) => template.replaceAll('{kw}', keyword).replaceAll('{brand}', brand);
const split = (count: number) => {
  const unbranded = Math.max(1, Math.round(count * UNBRANDED_SHARE));
  return { unbranded: Math.min(unbranded, count), branded: count - Math.min(unbranded, count) };
};

/** Questions from the templates alone: the first `count` of each kind, unbranded first. */
export function templateQuestions(plan: QuestionPlan): BrandQuestion[] {
  const count = Math.min(Math.max(1, plan.count), MAX_BRAND_QUESTIONS);
  const language = languageOf(plan.keyword);
  const { unbranded, branded } = split(count);
  const picked = [
    ...UNBRANDED[language].slice(0, unbranded).map(([intent, text]) => ({ intent, text: fill(text, plan), branded: false })),
    ...BRANDED[language].slice(0, branded).map(([intent, text]) => ({ intent, text: fill(text, plan), branded: true })),
  ];
  return picked.map((question, index) => ({ ...question, id: `q${index + 1}`, source: 'template' as const }));
}

/** What the analysis platform is asked; it answers with JSON that questionsFromModel checks. */
export function questionPrompt({ keyword, brand, count }: QuestionPlan): string {
  const { unbranded } = split(count);
  return [
    `Write ${count} different questions that real people ask an AI assistant when they look for ${keyword}.`,
    `${unbranded} of them must not mention ${brand}; the others must name ${brand} (for example asking for alternatives to it, or whether it is worth it).`,
    'Every question must invite an answer that names specific products, companies or tools.',
    'Cover these intents: best-of, comparison, use-case, informational, pricing, reviews, alternatives, worth.',
    `Write them in the language of "${keyword}".`,
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
  const fromModel = proposed.map((question) => ({ ...question, intent: question.intent ?? (question.branded ? 'alternatives' : 'best-of'), source: 'model' as const }));
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
