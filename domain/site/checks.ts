import { contentSignalMeaning, describePreference, describeValues, preferenceValues } from './content-preferences';
import { CRAWLERS } from '../shared/crawlers';
import type { RetrievalSummary } from './retrieval';
import type { Check, CheckCategory, CheckStatus, MemoryResult } from './report';
import type { AgentFilesResult, HomePageResult, RobotsResult, SimulationResult, SitemapResult } from './stage-results';
import { chargedSentence } from './paid-crawling-advice';

/** Every stage's outcome; a stage that failed outright is undefined and its checks say so. */
export interface SiteStages {
  domain: string;
  home: HomePageResult;
  robots?: RobotsResult;
  simulation?: SimulationResult;
  agentFiles?: AgentFilesResult;
  sitemap?: SitemapResult;
  retrieval?: RetrievalSummary;
  memory: MemoryResult[];
}

/** A check with the fix a site owner needs when it does not pass, and its weight in the crawler score. */
export interface CheckFinding extends Check {
  weight: number;
  fix?: string;
}

interface Outcome {
  status: CheckStatus;
  detail: string;
  fix?: string;
}

interface CheckRule {
  id: string;
  name: string;
  category: CheckCategory;
  /** Relative importance for AI crawler reachability; info outcomes never count. */
  weight: number;
  evaluate(stages: SiteStages): Outcome;
}

/** Crawlers that fetch pages for AI answers and AI search: blocking them hides the site from those answers. */
const ANSWER_CRAWLERS = CRAWLERS.filter((crawler) => crawler.purpose === 'search' || crawler.purpose === 'user');

const notChecked = (what: string): Outcome => ({ status: 'info', detail: `${what} could not be checked this time.` });
const list = (items: string[], max = 6) =>
  items.length > max ? `${items.slice(0, max).join(', ')} and ${items.length - max} more` : items.join(', ');

const RULES: CheckRule[] = [
  {
    id: 'home-status',
    name: 'Home page answers',
    category: 'page',
    weight: 3,
    evaluate: ({ home }) =>
      home.status >= 200 && home.status < 300
        ? {
            status: 'pass',
            detail: `The home page answers ${home.status}${home.redirects.length ? ` after ${home.redirects.length} redirect(s)` : ''}.`,
          }
        : {
            status: 'fail',
            detail: `The home page answers HTTP ${home.status}, so crawlers get an error instead of content.`,
            fix: 'Make the home page answer 200 with its content for every visitor, including crawlers.',
          },
  },
  {
    id: 'https',
    name: 'Served over HTTPS',
    category: 'page',
    weight: 1,
    evaluate: ({ home }) =>
      home.https
        ? { status: 'pass', detail: 'The home page is served over HTTPS.' }
        : { status: 'warn', detail: 'The home page is served over plain HTTP.', fix: 'Serve the site over HTTPS and redirect HTTP to it.' },
  },
  {
    id: 'page-text',
    name: 'Content readable without JavaScript',
    category: 'page',
    weight: 3,
    evaluate: ({ home }) => {
      const signals = home.signals;
      if (!signals)
        return {
          status: 'warn',
          detail: `The home page is not HTML (${home.contentType ?? 'no content type'}).`,
          fix: 'Serve the home page as text/html.',
        };
      if (signals.jsOnly) {
        return {
          status: 'fail',
          detail: `The raw HTML holds only ${signals.text.characters} characters of text: the content appears only after JavaScript runs, and most AI crawlers do not run it.`,
          fix: 'Render the main content on the server (SSR or static generation) so it is in the HTML itself.',
        };
      }
      return { status: 'pass', detail: `The raw HTML holds ${signals.text.words} words of readable text.` };
    },
  },
  {
    id: 'page-indexable',
    name: 'No noindex or noai directives',
    category: 'page',
    weight: 3,
    evaluate: ({ home }) => {
      const robots = home.signals?.robots;
      if (!robots) return notChecked('Meta robots directives');
      if (robots.noindex) {
        return {
          status: 'fail',
          detail: `The home page says noindex (${list(robots.sources, 3)}), so search and AI crawlers drop it.`,
          fix: 'Remove noindex from the meta robots tag and the X-Robots-Tag header of pages you want found.',
        };
      }
      if (robots.noai || robots.noimageai) {
        return {
          status: 'warn',
          detail: `The home page opts out of AI use (${list(robots.sources, 3)}).`,
          fix: 'Remove noai/noimageai if you want AI assistants to use and cite your content.',
        };
      }
      return { status: 'pass', detail: 'No noindex, nofollow or noai directive on the home page.' };
    },
  },
  {
    id: 'page-metadata',
    name: 'Title and description',
    category: 'page',
    weight: 1,
    evaluate: ({ home }) => {
      const signals = home.signals;
      if (!signals) return notChecked('Page metadata');
      const missing = [!signals.title && 'a <title>', !signals.metaDescription && 'a meta description'].filter((item): item is string =>
        Boolean(item),
      );
      return missing.length === 0
        ? { status: 'pass', detail: `Title "${signals.title}" and a meta description are present.` }
        : {
            status: 'warn',
            detail: `The home page lacks ${missing.join(' and ')}.`,
            fix: 'Give the home page a descriptive <title> and a one-sentence meta description of what the site offers.',
          };
    },
  },
  {
    id: 'structured-data',
    name: 'Structured data (JSON-LD)',
    category: 'page',
    weight: 1,
    evaluate: ({ home }) => {
      const jsonLd = home.signals?.jsonLd;
      if (!jsonLd) return notChecked('Structured data');
      if (jsonLd.invalidBlocks > 0) {
        return {
          status: 'warn',
          detail: `${jsonLd.invalidBlocks} JSON-LD block(s) are not valid JSON.`,
          fix: 'Fix the JSON syntax of the application/ld+json blocks (validate them with a structured-data tester).',
        };
      }
      return jsonLd.types.length > 0
        ? { status: 'pass', detail: `JSON-LD describes the page as ${list(jsonLd.types)}.` }
        : {
            status: 'warn',
            detail: 'The home page has no JSON-LD structured data.',
            fix: 'Add JSON-LD (for example Organization and WebSite) so machines can read who you are.',
          };
    },
  },
  {
    id: 'robots-txt',
    name: 'robots.txt',
    category: 'robots',
    weight: 1,
    evaluate: ({ robots }) => {
      if (!robots) return notChecked('robots.txt');
      if (robots.outcome === 'ok') return { status: 'pass', detail: `robots.txt was read (${robots.bytes} bytes).` };
      if (robots.outcome === 'missing') {
        return {
          status: 'warn',
          detail: `There is no robots.txt (HTTP ${robots.status}): crawlers may go anywhere, but none is told where your sitemap is.`,
          fix: 'Publish a robots.txt that states your crawler policy and lists your sitemap.',
        };
      }
      return {
        status: 'fail',
        detail: `robots.txt could not be read (${robots.reason ?? 'server error'}); crawlers then treat the whole site as off limits.`,
        fix: 'Make /robots.txt answer 200 (or 404 if you have none); a 5xx or a timeout blocks every crawler.',
      };
    },
  },
  {
    id: 'ai-answer-crawlers',
    name: 'AI search and assistant crawlers allowed',
    category: 'robots',
    weight: 4,
    evaluate: ({ robots }) => {
      if (!robots) return notChecked('Crawler access');
      const blocked = robots.bots
        .filter((bot) => bot.access === 'blocked' && ANSWER_CRAWLERS.some((crawler) => crawler.token === bot.token))
        .map((bot) => bot.token);
      return blocked.length === 0
        ? { status: 'pass', detail: 'robots.txt lets the AI search and assistant crawlers reach the home page.' }
        : {
            status: 'fail',
            detail: `robots.txt blocks ${list(blocked)}, which fetch pages for AI answers and search.`,
            fix: `Allow ${list(blocked)} in robots.txt (a "User-agent" group with "Allow: /"); keep blocking training crawlers if you wish.`,
          };
    },
  },
  {
    id: 'ai-training-crawlers',
    name: 'AI training crawlers',
    category: 'robots',
    weight: 0,
    evaluate: ({ robots }) => {
      if (!robots) return notChecked('Training crawler access');
      const training = CRAWLERS.filter((crawler) => crawler.purpose === 'training').map((crawler) => crawler.token);
      const blocked = robots.bots.filter((bot) => bot.access === 'blocked' && training.includes(bot.token)).map((bot) => bot.token);
      return {
        status: 'info',
        detail: blocked.length === 0 ? 'Training crawlers are not blocked.' : `Training crawlers blocked by choice: ${list(blocked)}.`,
      };
    },
  },
  {
    id: 'crawler-simulation',
    name: 'Crawlers get the same page as browsers',
    category: 'crawlers',
    weight: 4,
    evaluate: ({ simulation }) => {
      if (!simulation) return notChecked('The crawler simulation');
      if (simulation.inconclusive) {
        return {
          status: 'info',
          detail: `Even a browser was refused (${simulation.browser.status ?? simulation.browser.error}), so the crawler results prove nothing.`,
        };
      }
      const blocked = simulation.crawlers
        .filter((crawler) => crawler.blocked)
        .map((crawler) => `${crawler.token} (${crawler.status ?? crawler.error})`);
      const charged = chargedSentence(simulation);
      if (blocked.length === 0 && !charged)
        return { status: 'pass', detail: `All ${simulation.crawlers.length} simulated AI crawlers got the page a browser gets.` };
      if (blocked.length === 0) return { status: 'warn', detail: charged!.detail, fix: charged!.fix };
      return {
        status: 'fail',
        detail: `A firewall or CDN refuses ${list(blocked)} while letting browsers in.${charged ? ` ${charged.detail}` : ''}`,
        fix: `Allow these crawlers in your WAF/CDN bot settings (verify them by their published IP ranges rather than blocking by User-Agent).${charged ? ` ${charged.fix}` : ''}`,
      };
    },
  },
  {
    id: 'llms-txt',
    name: 'llms.txt',
    category: 'llms',
    weight: 1,
    evaluate: ({ agentFiles }) => {
      if (!agentFiles) return notChecked('llms.txt');
      const llms = agentFiles.llmsTxt;
      if (!llms)
        return {
          status: 'warn',
          detail: 'There is no /llms.txt.',
          fix: 'Publish /llms.txt: an H1 with your name, a one-line > summary, and ## sections linking your key pages (llmstxt.org).',
        };
      if (!llms.valid) {
        const first = llms.problems.find((problem) => problem.severity === 'error') ?? llms.problems[0];
        return {
          status: 'warn',
          detail: `/llms.txt exists but does not follow llmstxt.org: ${first?.message ?? 'see the problems listed'}`,
          fix: first?.message ?? 'Follow the llmstxt.org structure.',
        };
      }
      return { status: 'pass', detail: `/llms.txt is valid, with ${llms.linkCount} link(s) in ${llms.sectionCount} section(s).` };
    },
  },
  {
    id: 'sitemap',
    name: 'XML sitemap',
    category: 'sitemap',
    weight: 2,
    evaluate: ({ sitemap }) => {
      if (!sitemap) return notChecked('The sitemap');
      if (sitemap.urlCount === 0) {
        const why =
          sitemap.errors[0] ??
          (sitemap.source === 'none' ? 'none is listed in robots.txt and /sitemap.xml is missing' : 'it lists no pages');
        return {
          status: 'warn',
          detail: `No usable sitemap: ${why}.`,
          fix: 'Publish an XML sitemap of your pages and list it in robots.txt with a "Sitemap:" line.',
        };
      }
      if (sitemap.errors.length > 0 || sitemap.exceedsLimits) {
        return {
          status: 'warn',
          detail: `The sitemap lists ${sitemap.urlCount} URLs but has problems: ${sitemap.errors[0] ?? 'it exceeds the sitemaps.org limits'}.`,
          fix: 'Fix the sitemap errors; keep each file under 50,000 URLs and 50 MB, split with a sitemap index.',
        };
      }
      return {
        status: 'pass',
        detail: `The sitemap lists ${sitemap.urlCount} URL(s)${sitemap.source === 'robots' ? ', declared in robots.txt' : ''}.`,
      };
    },
  },
  {
    id: 'sitemap-freshness',
    name: 'Sitemap freshness',
    category: 'sitemap',
    weight: 1,
    evaluate: ({ sitemap }) => {
      if (!sitemap || sitemap.urlCount === 0) return { status: 'info', detail: 'No sitemap dates to judge.' };
      if (sitemap.newestAgeDays === undefined) return { status: 'info', detail: 'The sitemap gives no lastmod dates.' };
      return sitemap.newestAgeDays <= 365
        ? { status: 'pass', detail: `The newest lastmod is ${sitemap.newestAgeDays} day(s) old.` }
        : {
            status: 'warn',
            detail: `The newest lastmod is ${sitemap.newestAgeDays} days old: the sitemap looks abandoned.`,
            fix: 'Regenerate the sitemap when pages change, with accurate lastmod dates.',
          };
    },
  },
  {
    id: 'sitemap-consistency',
    name: 'Sitemap agrees with robots.txt',
    category: 'sitemap',
    weight: 1,
    evaluate: ({ sitemap }) => {
      if (!sitemap || sitemap.urlCount === 0) return { status: 'info', detail: 'No sitemap URLs to compare.' };
      const problems = [
        sitemap.blockedByRobots.count > 0 &&
          `${sitemap.blockedByRobots.count} URL(s) that robots.txt blocks (e.g. ${sitemap.blockedByRobots.samples[0]})`,
        sitemap.offSite.count > 0 && `${sitemap.offSite.count} URL(s) on other sites (e.g. ${sitemap.offSite.samples[0]})`,
      ].filter((item): item is string => Boolean(item));
      return problems.length === 0
        ? { status: 'pass', detail: 'Every sampled sitemap URL is on the site and allowed by robots.txt.' }
        : {
            status: 'warn',
            detail: `The sitemap lists ${problems.join(' and ')}.`,
            fix: 'List only pages of this site that robots.txt allows.',
          };
    },
  },
  {
    id: 'live-retrieval',
    name: 'Found by live web search',
    category: 'retrieval',
    weight: 2,
    evaluate: ({ retrieval }) => {
      if (!retrieval || retrieval.status === 'error') return notChecked('Live web search');
      if (retrieval.status === 'not-configured') return { status: 'info', detail: 'Live web search is not configured on this service.' };
      return retrieval.found
        ? { status: 'pass', detail: `The site appears in live search results (best rank ${retrieval.bestRank}).` }
        : {
            status: 'warn',
            detail: 'The site does not appear in the first live search results for its own name.',
            fix: 'Make sure the site is indexed (submit the sitemap to search engines) and that its name appears in titles and headings.',
          };
    },
  },
  {
    id: 'agent-files',
    name: 'Files for AI agents',
    category: 'agents',
    weight: 0,
    evaluate: ({ agentFiles }) => {
      if (!agentFiles) return notChecked('Agent files');
      const present = agentFiles.files.filter((file) => file.present).map((file) => file.path);
      return {
        status: 'info',
        detail: present.length
          ? `Found ${list(present)}.`
          : 'No agent files (llms.txt, ai-plugin.json, MCP server card, ai.txt) were found.',
      };
    },
  },
  {
    id: 'content-signal',
    name: 'Content-Signal in robots.txt',
    category: 'agents',
    weight: 0,
    evaluate: ({ robots }) => {
      if (!robots) return notChecked('Content-Signal');
      const signals = (robots.preferences ?? []).filter((preference) => preference.kind === 'content-signal');
      return {
        status: 'info',
        detail: signals.length
          ? `robots.txt states Content-Signal ${signals.map(describePreference).join('; ')}${contentSignalMeaning(signals)}.`
          : 'robots.txt has no Content-Signal line: it states no preference on search, AI input (answers) or AI training.',
      };
    },
  },
  {
    id: 'content-usage',
    name: 'AI usage preferences (IETF aipref Content-Usage)',
    category: 'agents',
    weight: 0,
    evaluate: ({ robots, home }) => {
      if (!robots) return notChecked('Content-Usage');
      const lines = (robots.preferences ?? []).filter((preference) => preference.kind === 'content-usage');
      const said: string[] = [];
      if (lines.length > 0) said.push(`robots.txt states Content-Usage ${lines.map(describePreference).join('; ')}`);
      if (home.contentUsage) {
        const values = describeValues(preferenceValues(home.contentUsage));
        said.push(
          `${said.length ? 'the' : 'The'} home page sends the header Content-Usage: ${values.length ? values.join(', ') : home.contentUsage}`,
        );
      }
      return {
        status: 'info',
        detail: said.length ? `${said.join('; ')}.` : 'Neither robots.txt nor the home page states IETF aipref Content-Usage preferences.',
      };
    },
  },
  {
    id: 'markdown-negotiation',
    name: 'Markdown for AI agents',
    category: 'agents',
    weight: 0,
    evaluate: ({ agentFiles }) => {
      const answer = agentFiles?.markdown;
      if (!answer) return notChecked('Markdown negotiation');
      if (answer.markdown) {
        return {
          status: 'pass',
          detail: `The home page answers Accept: text/markdown with Markdown (${answer.contentType ?? 'no content type'}, ${answer.bytes} bytes${answer.tokens ? `, ${answer.tokens} tokens` : ''}).`,
        };
      }
      if (answer.status === null)
        return { status: 'info', detail: 'The home page did not answer when asked for Markdown (Accept: text/markdown).' };
      const outcome = answer.status >= 200 && answer.status < 300 ? 'agents get the HTML page' : 'it offers no Markdown version';
      return {
        status: 'info',
        detail: `Asked for Markdown (Accept: text/markdown), the home page answers ${answer.status} with ${answer.contentType ?? 'no content type'}: ${outcome}.`,
      };
    },
  },
];

export function evaluateChecks(stages: SiteStages): CheckFinding[] {
  return RULES.map((rule) => {
    const outcome = rule.evaluate(stages);
    return { id: rule.id, name: rule.name, category: rule.category, weight: rule.weight, ...outcome };
  });
}
