import type { VendorStandIns } from './vendor-stand-ins';
import type { SurfaceId } from '../domain/shared/surface-ids';
import { readingModel } from './reading-model';

/**
 * How the stand-in platforms answer the questions of a brand diagnosis for "project planning
 * software", shaped like the real ones: ChatGPT a numbered list with bold names (the brand second),
 * Gemini a bulleted list (the brand first), Claude a markdown table without the brand (but with a
 * product whose name starts like it), Perplexity prose (the brand third), and DeepSeek a refused key
 * in the tests (an error the diagnosis lists but does not count) or, in the demo, a short list.
 */
export const BRAND = 'Acme Plan';
export const BRAND_DOMAIN = 'acmeplan.com';
export const KEYWORD = 'project planning software';

const named = (question: string) => question.includes(BRAND);

export const BRAND_ANSWERS = {
  chatgpt: (question: string) =>
    named(question)
      ? `Good alternatives to ${BRAND}:\n\n1. **Asana** – flexible task tracking.\n2. **Trello** – simple Kanban boards.`
      : `Here are some of the best project planning tools:\n\n1. **Asana** – flexible task and project tracking for teams of any size.\n2. **${BRAND}** – Gantt charts and resource planning for small teams ([acmeplan.com](https://acmeplan.com/features?utm_source=openai)).\n3. **Trello** – simple Kanban boards.\n4. **Monday.com** – visual work management.\n\nEach offers a free tier.`,
  gemini: (question: string) =>
    named(question)
      ? `${BRAND} is a solid choice for small teams, though larger companies may prefer **Asana**.`
      : `Top picks:\n\n* **${BRAND}**: the best balance of Gantt charts and simplicity.\n* **Asana**: strong for cross-team work.\n* **ClickUp**: everything in one place.`,
  claude: () =>
    `| Tool | Best for | Price |\n|---|---|---|\n| **Asana** | Cross-team projects | From $10.99 |\n| **Trello** | Simple boards | Free tier |\n| **ClickUp** | All-in-one | From $7 |\n\nAcme Planner Suite, an older desktop tool, is no longer sold.`,
  perplexity: () =>
    `For most teams, **Asana** and **Trello** are the usual picks: Asana for structured projects, Trello for lightweight boards. ${BRAND} is a newer option that reviewers praise for its Gantt charts [1][2].`,
  deepseek: () =>
    `Commonly recommended project planning tools:\n\n1. **Trello** – free Kanban boards.\n2. **Asana** – timelines and workload views.\n3. **${BRAND}** – Gantt charts for small teams.`,
};

/** DeepSeek's part: its key refused (the tests' error case), or answering as the others do (the demo, which a new user reads). */
export type DeepSeekPart = 'refused' | 'answers';

/**
 * What a reading model knows of the names in these answers (dev/reading-model.ts): "Gantt" is a kind of
 * chart the answers praise the brand for, not a competitor.
 */
export const BRAND_ANSWER_NAMES = {
  Asana: 'option',
  Trello: 'option',
  ClickUp: 'option',
  'Monday.com': 'option',
  [BRAND]: 'option',
  Gantt: 'category',
  'Acme Planner Suite': 'other',
} as const;

/**
 * Answers for every question; DeepSeek's key is refused unless `deepseek` is 'answers'. As the analysis
 * platform (ANALYSIS_PLATFORM), each assistant reads the answers with BRAND_ANSWER_NAMES.
 */
export function answerBrandQuestions(platforms: VendorStandIns, delayMs = 0, deepseek: DeepSeekPart = 'refused'): void {
  const structured = readingModel(BRAND_ANSWER_NAMES);
  platforms.setBehaviour('chatgpt', {
    answer: BRAND_ANSWERS.chatgpt,
    structured,
    delayMs,
    citations: (question) =>
      named(question) ? [] : ['https://acmeplan.com/features?utm_source=openai', 'https://www.g2.com/categories/project-management'],
  });
  platforms.setBehaviour('gemini', { answer: BRAND_ANSWERS.gemini, structured, delayMs });
  platforms.setBehaviour('claude', { answer: BRAND_ANSWERS.claude, structured, delayMs });
  platforms.setBehaviour('perplexity', {
    answer: BRAND_ANSWERS.perplexity,
    structured,
    delayMs,
    citations: ['https://www.capterra.com/project-management-software/', 'https://acmeplan.com/'],
  });
  platforms.setBehaviour(
    'deepseek',
    deepseek === 'answers' ? { answer: BRAND_ANSWERS.deepseek, structured, delayMs } : { failure: { kind: 'unauthorized' }, delayMs },
  );
}

/**
 * The search surfaces' answers to the same questions, as people see them: Google AI Mode a table and
 * a nested list that leave the brand out (Gemini's API names it first: the API overstates), Google AI
 * Overviews shown for the questions with an even number of words only, naming the brand second in a
 * nested list, and ChatGPT's app as ChatGPT's API answers.
 */
export const SURFACE_ANSWERS = {
  'google-ai-mode': () =>
    `## Popular project planning tools\n\n| Tool | Best for |\n| --- | --- |\n| Asana | Cross-team projects |\n| ClickUp | All-in-one |\n\n- **Asana**: timelines and portfolios\n  - Gantt view on paid plans\n- **ClickUp**: docs, tasks and goals`,
  'google-ai-overviews': () =>
    `Several tools are often recommended:\n\n- **Asana**: flexible tracking\n- **${BRAND}**: Gantt charts for small teams\n  - free for up to five people`,
};

export const overviewShown = (question: string): boolean => question.split(/\s+/).length % 2 === 0;

/** `delayMs`: one latency for every surface, or each surface's own (AI Mode answers in seconds, the ChatGPT app's scraper in tens). */
export function answerBrandQuestionsOnSurfaces(platforms: VendorStandIns, delays: number | Partial<Record<SurfaceId, number>> = 0): void {
  const delayOf = (surface: SurfaceId) => (typeof delays === 'number' ? delays : (delays[surface] ?? 0));
  platforms.setSurfaceBehaviour('google-ai-mode', {
    answer: SURFACE_ANSWERS['google-ai-mode'],
    citations: ['https://www.g2.com/categories/project-management'],
    delayMs: delayOf('google-ai-mode'),
  });
  platforms.setSurfaceBehaviour('google-ai-overviews', {
    answer: SURFACE_ANSWERS['google-ai-overviews'],
    overview: (question) => (overviewShown(question) ? (question.length % 2 === 0 ? 'inline' : 'deferred') : 'absent'),
    citations: ['https://acmeplan.com/'],
    delayMs: delayOf('google-ai-overviews'),
  });
  platforms.setSurfaceBehaviour('chatgpt-app', {
    answer: BRAND_ANSWERS.chatgpt,
    citations: ['https://acmeplan.com/features'],
    fanOutQueries: ['best project planning software 2026'],
    delayMs: delayOf('chatgpt-app'),
  });
}
