import { allowedHostsOf, type Config } from '../domain/shared/config';
import type { Stores } from '../infra/stores';
import { createProbeAgentFiles } from './agent-files';
import { createAskPlatform } from './ask-platform';
import { createTitleCitedPages } from './cited-pages';
import { createSimulateCrawlers } from './crawler-simulation';
import { heartbeating } from './support/heartbeat';
import { createFetchHomePage } from './home-page';
import { createFetchArticle } from './fetch-article';
import { createJudgeCoverage } from './judge-coverage';
import { createNormaliseTarget } from './normalise-target';
import { createRunSettings } from './run-settings';
import { createPlanArticleQuestions } from './plan-article-questions';
import { createPlanDiagnosis } from './plan-diagnosis';
import { createReadBrandAnswers } from './read-brand-answers';
import { createSearchLiveWeb } from './retrieval';
import { createCheckRobots } from './robots';
import type { SiteAccess } from './support/site-access';
import { createReadSitemaps } from './sitemap';
import { createSaveReportPart, createSaveSnapshot } from './snapshot';
import { createEvaluateMonitorRun } from './monitoring';
import { createDeliverWebhook } from './webhook';
import { createRefreshVendorRanges } from './vendor-ranges';
import { createHostNameLookup } from '../infra/host-name-lookup';
import { createComposeTrafficCheck, createDropCrawlerLog, createReadLogPart } from './crawler-log';
import { createKeyDirectories } from './key-directories';
import { createRobotsVerdicts } from './traffic-robots';
import { createAnswerTimes, type AnswerTimes } from '../infra/answer-times';
import { createMeasureDemand } from './measure-demand';

/**
 * The configuration the activities read: each factory takes its own slice of it (its signature says
 * which), so this list is their union, and a test builds one activity from its slice alone.
 */
export type ActivityConfig = Pick<
  Config,
  | 'fetchOriginOverrides'
  | 'publicBaseUrl'
  | 'platforms'
  | 'prices'
  | 'analysis'
  | 'brand'
  | 'article'
  | 'retrieval'
  | 'siteCheckDeadlineMs'
  | 'dnsServers'
  | 'demand'
>;

export interface ActivityDependencies extends Stores {
  config: ActivityConfig;
  site: SiteAccess;
  /** The platforms' answer times as the deployment shares them (Redis); unset: this worker's own, in memory. */
  answerTimes?: AnswerTimes;
}

/**
 * Builds the activities with their dependencies, as the worker registers them. Each runs under one
 * retry profile of workflows/stage-options.ts, which names it (docs/development.md).
 */
export function createActivities({
  config,
  site,
  store,
  monitors,
  ranges,
  logs,
  directories,
  demand,
  answerTimes = createAnswerTimes(undefined, 'answer-time'),
}: ActivityDependencies) {
  return {
    normaliseCheckTarget: createNormaliseTarget(allowedHostsOf(config)),
    runSettings: createRunSettings(config, answerTimes),
    fetchHomePage: heartbeating(createFetchHomePage(site)),
    checkRobots: heartbeating(createCheckRobots(site)),
    readSitemaps: heartbeating(createReadSitemaps(site)),
    simulateCrawlers: heartbeating(createSimulateCrawlers(site)),
    probeAgentFiles: heartbeating(createProbeAgentFiles(site)),
    searchLiveWeb: heartbeating(createSearchLiveWeb(config)),
    askPlatform: heartbeating(createAskPlatform(config, site, answerTimes)),
    titleCitedPages: heartbeating(createTitleCitedPages(site)),
    planDiagnosis: heartbeating(createPlanDiagnosis(config)),
    fetchArticle: heartbeating(createFetchArticle(site)),
    planArticleQuestions: heartbeating(createPlanArticleQuestions(config)),
    judgeCoverage: heartbeating(createJudgeCoverage(config)),
    readBrandAnswers: heartbeating(createReadBrandAnswers(config)),
    measureDemand: heartbeating(createMeasureDemand(config, demand)),
    saveReportPart: createSaveReportPart(store),
    saveSnapshot: createSaveSnapshot(store, config),
    evaluateMonitorRun: createEvaluateMonitorRun(store, monitors),
    deliverWebhook: createDeliverWebhook(monitors, site, config.publicBaseUrl),
    refreshVendorRanges: heartbeating(createRefreshVendorRanges(site, ranges)),
    robotsVerdicts: heartbeating(createRobotsVerdicts(store, site)),
    // Heartbeats with its own details (how far it got), so not wrapped.
    readLogPart: createReadLogPart(logs, ranges, createHostNameLookup(config.dnsServers), createKeyDirectories(site, directories)),
    composeTrafficCheck: createComposeTrafficCheck(logs, ranges, directories),
    dropCrawlerLog: createDropCrawlerLog(logs),
  };
}

export type Activities = ReturnType<typeof createActivities>;
