import { compareText } from '../../shared/text';
import { foldName } from '../reader/names';
import { formatPercent } from '../../shared/rate';
import type { BrandQuestion } from '../questions';
import type { ActionItem, BrandAnswer, BrandReport } from './report-schema';

/** The report before its conclusion and action plan, which are read from it. */
export type MeasuredBrandReport = Omit<BrandReport, 'conclusion' | 'actionPlan'>;

/** An answer with the question it answers. */
export interface CountedAnswer {
  answer: BrandAnswer;
  question: BrandQuestion;
}

/** A cited page as people read it: no scheme, "www.", query or fragment, no trailing slash. */
function pageOf(url: string): string {
  return url
    .trim()
    .replace(/^[a-z][a-z0-9+.-]*:\/\//iu, '')
    .replace(/^www\./iu, '')
    .replace(/[?#].*$/u, '')
    .replace(/\/+$/u, '')
    .toLowerCase();
}

/** The pages cited most often in these answers (each counted once an answer), most cited first. */
function pagesCitedIn(entries: readonly CountedAnswer[], limit = 3): { page: string; answers: number }[] {
  const tally = new Map<string, number>();
  for (const { answer } of entries)
    for (const page of new Set(answer.citations.map(pageOf).filter(Boolean))) tally.set(page, (tally.get(page) ?? 0) + 1);
  return [...tally.entries()]
    .sort((a, b) => b[1] - a[1] || compareText(a[0], b[0]))
    .slice(0, limit)
    .map(([page, answers]) => ({ page, answers }));
}

/** The answers where this competitor is named ahead of the brand (or named while the brand is not). */
function aheadOfBrand(entries: readonly CountedAnswer[], competitor: string): CountedAnswer[] {
  const key = foldName(competitor);
  return entries.filter(({ answer }) => {
    const rank = answer.entities.find((entity) => foldName(entity.name) === key)?.rank;
    return rank !== undefined && (answer.rank === null || !answer.mentioned || rank < answer.rank);
  });
}

/**
 * 3–6 actions, most pressing first, each from what the metrics show and with the evidence behind it
 * (docs/checks/brand.md): the questions, platforms, competitors and cited pages that call for it. A leading brand
 * gets a plan too: defend the lead where the closest competitor gains, keep the pages that carry it.
 */
export function actionPlanOf(report: MeasuredBrandReport, unbranded: readonly CountedAnswer[]): ActionItem[] {
  const { brand, keyword, metrics } = report;
  const missing = unbranded.filter((entry) => !entry.answer.mentioned);
  const questionsWhere = (entries: readonly CountedAnswer[]) => [...new Set(entries.map((entry) => entry.question.text))].slice(0, 3);
  const platformsWhere = (entries: readonly CountedAnswer[]) => [...new Set(entries.map((entry) => entry.answer.platform))];
  const ahead = report.competitors.filter((competitor) => competitor.shareOfVoice.value > metrics.shareOfVoice.value).slice(0, 3);
  const answeringPlatforms = report.byPlatform.filter((row) => row.answers > 0);
  const silentPlatforms = answeringPlatforms.filter((row) => row.mentionRate.count === 0).map((row) => row.platform);
  const comparisonMisses = missing.filter((entry) => entry.question.intent === 'comparison' || entry.question.intent === 'best-of');
  /** The competitors people are pointed to first instead: the evidence behind the advice to be named first. */
  const namedFirstInstead = report.competitors
    .filter((competitor) => competitor.firstRecommendations > 0)
    .slice(0, 3)
    .map((competitor) => competitor.name);
  const actions: Omit<ActionItem, 'priority'>[] = [];
  const add = (action: string, why: string, evidence: Partial<ActionItem['evidence']>) =>
    actions.push({ action, why, evidence: { questions: [], platforms: [], competitors: [], ...evidence } });
  const pageList = (pages: readonly { page: string; answers: number }[]) =>
    pages.map(({ page, answers }) => `${page} (${answers})`).join(', ');

  if (metrics.answers === 0) {
    // Nothing was measured: advice about the brand would be invented.
    const failing = report.byPlatform.filter((row) => row.errors > 0).map((row) => row.platform);
    add(
      'Run the diagnosis again once the platforms answer',
      `No platform gave a usable answer${failing.length ? ` (${failing.join(', ')} failed; the answers below say why)` : ''}, so nothing about ${brand} could be measured.`,
      { platforms: failing },
    );
  } else if (report.stage === 'leading') {
    // Defend the lead: the closest competitor, where it gains, and the pages that carry the brand.
    const challenger = [...report.competitors].sort(
      (a, b) => b.shareOfVoice.value - a.shareOfVoice.value || b.firstRecommendations - a.firstRecommendations,
    )[0];
    if (challenger && challenger.mentions > 0) {
      const lost = aheadOfBrand(unbranded, challenger.name);
      const where = platformsWhere(lost);
      const gap = metrics.shareOfVoice.value - challenger.shareOfVoice.value;
      add(
        `Defend the lead against ${challenger.name}${where.length ? ` on ${where.join(', ')}` : ''}: answer the questions it wins with pages that compare the two honestly`,
        `${challenger.name} is the closest competitor: ${formatPercent(challenger.shareOfVoice.value)} share of voice against ${formatPercent(metrics.shareOfVoice.value)} for ${brand}` +
          `${gap < 0.1 ? ' (close)' : ''}, named ahead of ${brand} in ${lost.length} of ${metrics.answers} answers and first in ${challenger.firstRecommendations}.`,
        { competitors: [challenger.name], platforms: where, questions: questionsWhere(lost) },
      );
    }
    const firstAnswers = unbranded.filter((entry) => entry.answer.firstRecommended);
    const carrying = pagesCitedIn(firstAnswers.length ? firstAnswers : unbranded.filter((entry) => entry.answer.mentioned));
    if (carrying.length > 0) {
      add(
        `Keep the pages that carry the lead accurate and current: ${carrying.map(({ page }) => page).join(', ')}`,
        `These are the pages the answers cite when they recommend ${brand} (answers citing each: ${pageList(carrying)}); if they go stale or change their lists, the lead goes with them.`,
        { platforms: platformsWhere(firstAnswers), questions: questionsWhere(firstAnswers) },
      );
    }
    const notFirst = unbranded.filter((entry) => !entry.answer.firstRecommended);
    if (notFirst.length > 0) {
      add(
        `Win the questions where ${brand} is not yet named first`,
        `${brand} is first in ${metrics.firstRecommendationRate.count} of ${metrics.answers} answers; the rest name it later or not at all.`,
        {
          questions: questionsWhere(notFirst),
          platforms: platformsWhere(notFirst),
          competitors: namedFirstInstead,
        },
      );
    }
    const weakest = [...answeringPlatforms].sort(
      (a, b) => a.mentionRate.value - b.mentionRate.value || a.firstRecommendationRate.value - b.firstRecommendationRate.value,
    )[0];
    if (weakest && answeringPlatforms.length > 1 && weakest.mentionRate.value < metrics.mentionRate.value - 0.15) {
      add(
        `Strengthen ${brand} on ${weakest.platform}`,
        `${weakest.platform} names ${brand} in ${weakest.mentionRate.count} of ${weakest.answers} answers against ${formatPercent(metrics.mentionRate.value)} over all platforms.`,
        { platforms: [weakest.platform], questions: questionsWhere(missing.filter((entry) => entry.answer.platform === weakest.platform)) },
      );
    }
  } else if (report.stage === 'invisible') {
    const toWin = (report.citationGaps ?? []).slice(0, 3);
    add(
      `Get ${brand} into the sources assistants learn from: “best ${keyword}” roundups, review sites, industry press, Wikipedia and community threads${toWin.length ? `, starting with ${toWin.map((gap) => gap.domain).join(', ')}` : ''}`,
      `The assistants name ${brand} in ${metrics.mentionRate.count} of ${metrics.answers} answers. They recommend what independent lists and reviews name, far more than what a brand says of itself.` +
        (toWin.length
          ? ` ${toWin.map((gap) => `${gap.domain} is cited in ${gap.answers} answers naming ${gap.competitors.slice(0, 2).join(' and ')}`).join('; ')}, never one naming ${brand}.`
          : ''),
      {
        questions: questionsWhere(missing),
        platforms: platformsWhere(missing),
        competitors: report.competitors.slice(0, 3).map((competitor) => competitor.name),
      },
    );
  }
  // A community is acted on page by page: the thread or video the answers cite, not the site (docs/checks/brand.md).
  const threads = (report.ugcPages ?? []).slice(0, 3);
  if (metrics.answers > 0 && threads.length > 0) {
    const rivals = [...new Set(threads.flatMap((thread) => thread.competitors))].slice(0, 3);
    add(
      `Join these community threads, where ${rivals.join(' and ')} ${rivals.length > 1 ? 'are' : 'is'} recommended and ${brand} is not: ${threads.map((thread) => thread.url).join(', ')}`,
      `${threads.map((thread) => `${thread.url} is cited in ${thread.answers} answers naming ${thread.competitors.slice(0, 2).join(' and ')}`).join('; ')}. Answer there as ${brand}, openly and usefully: assistants cite what these threads say.`,
      {
        competitors: rivals,
        platforms: [...new Set(threads.flatMap((thread) => thread.platforms))],
        questions: [...new Set(threads.flatMap((thread) => thread.questions))].slice(0, 3),
      },
    );
  }
  if (metrics.answers > 0 && report.stage !== 'leading') {
    if (comparisonMisses.length > 0) {
      add(
        `Publish comparison and alternatives pages (${brand} vs ${ahead[0]?.name ?? 'each leading competitor'}, “best ${keyword}” with ${brand} placed honestly)`,
        `${comparisonMisses.length} answers to best-of and comparison questions leave ${brand} out; assistants build those answers from comparison content.`,
        {
          questions: questionsWhere(comparisonMisses),
          platforms: platformsWhere(comparisonMisses),
          competitors: ahead.map((competitor) => competitor.name),
        },
      );
    }
    // The pages the answers cite when they put a competitor ahead: where the brand needs a place.
    const rival = ahead[0] ?? report.competitors.find((competitor) => competitor.mentions > 0);
    const rivalAnswers = rival ? aheadOfBrand(unbranded, rival.name) : [];
    const rivalPages = pagesCitedIn(rivalAnswers);
    if (rival && rivalPages.length > 0) {
      add(
        `Earn a place on the pages assistants cite when they recommend ${rival.name}: ${rivalPages.map(({ page }) => page).join(', ')}`,
        `${rival.name} is named ahead of ${brand} in ${rivalAnswers.length} of ${metrics.answers} answers, and these pages are cited there (answers citing each: ${pageList(rivalPages)}); get reviewed, listed or quoted on them.`,
        { competitors: [rival.name], platforms: platformsWhere(rivalAnswers), questions: questionsWhere(rivalAnswers) },
      );
    }
    if (metrics.mentionRate.count > 0 && metrics.firstRecommendationRate.value < metrics.mentionRate.value / 2) {
      const notFirst = unbranded.filter((entry) => entry.answer.mentioned && !entry.answer.firstRecommended);
      add(
        `Earn third-party reviews and list placements that put ${brand} first for specific needs`,
        `${brand} is named in ${metrics.mentionRate.count} answers but first in only ${metrics.firstRecommendationRate.count}: assistants know it, but do not lead with it.`,
        {
          questions: questionsWhere(notFirst),
          platforms: platformsWhere(notFirst),
          competitors: namedFirstInstead,
        },
      );
    }
  }
  if (metrics.answers > 0 && report.domain && metrics.citationRate.value < 0.2) {
    add(
      `Write pages on ${report.domain} that answer these questions directly, with figures, prices, dates and sources`,
      `Answers cite ${report.domain} in ${metrics.citationRate.count} of ${metrics.answers} cases. Pages with statistics, quotations and cited sources are used and cited more often (GEO, KDD 2024).`,
      { questions: questionsWhere(unbranded), platforms: platformsWhere(unbranded.filter((entry) => !entry.answer.brandCited)) },
    );
  }
  if (silentPlatforms.length > 0 && silentPlatforms.length < answeringPlatforms.length) {
    add(
      `Close the gap on ${silentPlatforms.join(', ')}`,
      `${silentPlatforms.join(', ')} never named ${brand} while other platforms did; those that search the web follow the pages they cite, the others what was widely published before their training.`,
      { platforms: silentPlatforms, questions: questionsWhere(missing.filter((entry) => silentPlatforms.includes(entry.answer.platform))) },
    );
  }
  if (ahead.length > 0 && report.stage !== 'invisible' && report.stage !== 'leading') {
    add(
      `Study where ${ahead.map((competitor) => competitor.name).join(', ')} ${ahead.length > 1 ? 'are' : 'is'} named and ${brand} is not, and earn a place in the same sources`,
      `${ahead[0]!.name} has a ${formatPercent(ahead[0]!.shareOfVoice.value)} share of voice against ${formatPercent(metrics.shareOfVoice.value)} for ${brand}.`,
      { competitors: ahead.map((competitor) => competitor.name), questions: questionsWhere(missing), platforms: platformsWhere(missing) },
    );
  }
  const branded = new Map(report.questions.filter((question) => question.branded).map((question) => [question.id, question.text]));
  const brandedMisses = report.answers.filter(
    (answer) => answer.status === 'answered' && !answer.mentioned && branded.has(answer.questionId),
  );
  if (report.branded.answers > 0 && report.branded.mentionRate.value < 0.5) {
    add(
      `Make ${brand} a well-described entity: one consistent name, an about page with Organization structured data, and profiles on the sites assistants trust`,
      `Even asked about ${brand} by name, the assistants talk about it in only ${report.branded.mentionRate.count} of ${report.branded.answers} answers.`,
      {
        questions: [...new Set(brandedMisses.map((answer) => branded.get(answer.questionId)!))].slice(0, 3),
        platforms: [...new Set(brandedMisses.map((answer) => answer.platform))],
      },
    );
  }
  add(
    report.stage === 'leading'
      ? `Watch the lead: run this diagnosis each month and compare platform by platform`
      : `Keep the pages assistants use fresh, and run this diagnosis again each month`,
    `Answers change from run to run and month to month; only repeated diagnoses show a trend${report.confidence === 'low' ? ', and this one rests on few answers' : ''}.`,
    {
      platforms: report.byPlatform.map((row) => row.platform),
      competitors: report.competitors.slice(0, 3).map((competitor) => competitor.name),
    },
  );
  add(
    `Add statistics, quotations and sources to the pages about ${keyword}`,
    'In controlled tests these raised how visibly a source is used in AI answers by 30–40%; keyword stuffing lowered it (GEO, KDD 2024). No tactic guarantees a gain.',
    { questions: questionsWhere(unbranded) },
  );
  return actions.slice(0, 6).map((action, index) => ({ priority: index + 1, ...action }));
}
