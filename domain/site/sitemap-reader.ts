/**
 * Streaming reader for one sitemap document (sitemaps.org protocol): XML urlset, XML sitemap index or
 * plain-text list. It is fed decoded text chunks as they arrive and keeps only counts and capped samples,
 * so a 50 MB sitemap costs no more memory than a small one. Pure: the caller fetches and gunzips.
 */
import { SaxesParser, type SaxesTagPlain } from 'saxes';
import { parseHttpUrl } from '../shared/canonical-url';
import { isOnSite, siteHost } from '../shared/site-host';
import { startsLikeHtml } from '../shared/http-response';
import { truncate } from '../shared/text';
import { BareAmpersandFinder } from './bare-ampersands';
import { parseW3cDatetime } from './w3c-datetime';

export interface SitemapReaderOptions {
  /** Default 50,000 (the sitemaps.org limit); entries beyond it are not read and `exceedsUrlLimit` is set. */
  maxUrls?: number;
  /** The checked site, e.g. 'example.com': www.example.com and its subdomains are on the site too. */
  siteHost: string;
  /** The caller's robots.txt check, called with each valid on-site page URL. */
  isBlockedByRobots?: (url: string) => boolean;
  /** For the age of the newest lastmod; default now. */
  now?: Date;
}

export interface SitemapSummary {
  kind: 'urlset' | 'sitemapindex' | 'text' | 'unknown';
  /** <url> entries (urlset) or non-blank lines (text), valid or not. */
  urlCount: number;
  /** Valid on-site child sitemap URLs of an index (what the caller may fetch next), at most 1,000. */
  childSitemaps: string[];
  /** <sitemap> entries of an index, valid or not. */
  childSitemapCount: number;
  /** The first 20 valid on-site page URLs, as listed. */
  sampleUrls: string[];
  offSite: ProblemUrls;
  blockedByRobots: ProblemUrls;
  /** Not an absolute http(s) URL, or 2,048 characters or longer. */
  invalidUrls: ProblemUrls;
  /** `withLastmod` counts valid dates; `invalid` counts <lastmod> values that are not W3C datetimes or lie in the future. */
  lastmod: { newest?: string; oldest?: string; withLastmod: number; invalid: number; newestAgeDays?: number };
  /** More entries than `maxUrls` (a sitemap index counts its <sitemap> entries against the same limit). */
  exceedsUrlLimit: boolean;
  /** Plain sentences for the site owner, at most 10. */
  errors: string[];
}

export interface ProblemUrls {
  count: number;
  /** At most 5. */
  samples: string[];
}

const SITEMAPS_ORG_MAX_URLS = 50_000;
const SITEMAPS_NAMESPACE = 'http://www.sitemaps.org/schemas/sitemap/0.9';
const MAX_CHILD_SITEMAPS = 1_000;
const MAX_SAMPLE_URLS = 20;
const MAX_PROBLEM_SAMPLES = 5;
const MAX_ERRORS = 10;
/** sitemaps.org: a URL must be shorter than 2,048 characters; reading further would only grow memory. */
const MAX_URL_LENGTH = 2_047;
const DAY_MS = 86_400_000;
/** Enough of the start to recognise "<!doctype html" even when it is split across chunks. */
const SNIFF_LENGTH = 15;

/** Roots that people mistake for sitemaps, named the way a site owner knows them. */
const NOT_A_SITEMAP = new Map([
  ['html', 'an HTML page'],
  ['rss', 'an RSS feed'],
  ['RDF', 'an RSS feed'],
  ['feed', 'an Atom feed'],
]);

/** Thrown from inside parser callbacks to abandon the rest of a chunk once reading has stopped. */
class StopReading extends Error {}

type Entry = { loc?: string; lastmod?: string };

export class SitemapReader {
  private readonly maxUrls: number;
  private readonly site: string;
  private readonly isBlockedByRobots?: (url: string) => boolean;
  private readonly nowMs: number;
  private readonly summary: SitemapSummary = {
    kind: 'unknown',
    urlCount: 0,
    childSitemaps: [],
    childSitemapCount: 0,
    sampleUrls: [],
    offSite: { count: 0, samples: [] },
    blockedByRobots: { count: 0, samples: [] },
    invalidUrls: { count: 0, samples: [] },
    lastmod: { withLastmod: 0, invalid: 0 },
    exceedsUrlLimit: false,
    errors: [],
  };

  private state: 'sniffing' | 'xml' | 'text' | 'done' = 'sniffing';
  private finished = false;
  private head = '';
  private blankBeforeStart = false;
  private readonly parser = new SaxesParser();
  private readonly ampersands = new BareAmpersandFinder();
  private depth = 0;
  private entry: Entry | undefined;
  private field: 'loc' | 'lastmod' | undefined;
  private fieldText = '';
  private partialLine = '';
  private entriesWithoutLoc = 0;
  private newestMs = -Infinity;
  private oldestMs = Infinity;

  constructor(options: SitemapReaderOptions) {
    this.maxUrls = options.maxUrls ?? SITEMAPS_ORG_MAX_URLS;
    this.site = siteHost(options.siteHost);
    this.isBlockedByRobots = options.isBlockedByRobots;
    this.nowMs = (options.now ?? new Date()).getTime();
    this.listenToParser();
  }

  write(chunk: string): void {
    this.untilStopped(() => {
      if (this.state === 'sniffing') this.sniff(chunk);
      else if (this.state === 'xml') this.writeXml(chunk);
      else if (this.state === 'text') this.readLines(chunk);
    });
  }

  close(): SitemapSummary {
    if (this.finished) return this.summary;
    this.finished = true;
    this.untilStopped(() => {
      if (this.state === 'sniffing') {
        if (this.head === '') this.addError('The sitemap is empty.');
        else this.startReading();
      }
      if (this.state === 'xml') {
        this.writeXml('', true);
        this.parser.close();
      }
      if (this.state === 'text') this.readLine(this.partialLine);
    });
    this.state = 'done';
    this.summariseProblems();
    return this.summary;
  }

  private untilStopped(read: () => void): void {
    try {
      read();
    } catch (error) {
      if (!(error instanceof StopReading)) throw error;
    }
  }

  private stop(): never {
    this.state = 'done';
    throw new StopReading();
  }

  /** Holds back the first few characters: they decide between XML, text and HTML. */
  private sniff(chunk: string): void {
    let text = chunk;
    if (this.head === '') {
      text = chunk.trimStart(); // also drops a BOM
      if (/[^\uFEFF]/.test(chunk.slice(0, chunk.length - text.length))) this.blankBeforeStart = true;
    }
    this.head += text;
    if (this.head.length >= SNIFF_LENGTH || (this.head !== '' && !this.head.startsWith('<'))) this.startReading();
  }

  private startReading(): void {
    const head = this.head;
    this.head = '';
    if (!head.startsWith('<')) {
      this.summary.kind = 'text';
      this.state = 'text';
      this.readLines(head);
    } else if (startsLikeHtml(head)) {
      this.notASitemap('an HTML page');
    } else {
      this.state = 'xml';
      // The blank space was not passed on, so the parser would not notice what strict parsers reject.
      if (this.blankBeforeStart && /^<\?xml\s/.test(head)) {
        this.addError(
          'Blank space comes before the <?xml …?> declaration at the start of the file, which strict XML parsers reject: remove it (often a stray line break from a theme or plugin).',
        );
      }
      this.writeXml(head);
    }
  }

  private writeXml(chunk: string, isLast = false): void {
    const { safe, bareAmpersandNext } = this.ampersands.scan(chunk, isLast);
    this.parser.write(safe);
    if (bareAmpersandNext) this.malformed('a bare & must be written &amp;');
  }

  private malformed(reason: string): never {
    this.addError(`The sitemap is not well-formed XML at line ${this.parser.line}: ${reason}. Reading stopped there.`);
    return this.stop();
  }

  private listenToParser(): void {
    const parser = this.parser;
    parser.on('doctype', (doctype) => {
      if (/^\s*html\b/i.test(doctype)) this.notASitemap('an HTML page');
    });
    // Decided on the name alone: HTML attributes are often not valid XML and would fail first.
    // A second root element is the parser's error to report, hence the check on kind.
    parser.on('opentagstart', (tag) => {
      if (this.depth === 0 && this.summary.kind === 'unknown') this.readRootName(tag.name);
    });
    parser.on('opentag', (tag) => this.openElement(tag));
    parser.on('closetag', () => this.closeElement());
    parser.on('text', (text) => this.readFieldText(text));
    parser.on('cdata', (text) => this.readFieldText(text));
    parser.on('error', (error) => this.malformed(error.message.replace(/^\d+:\d+: /, '').replace(/\.$/, '')));
  }

  private readRootName(name: string): void {
    const root = localName(name);
    if (root === 'urlset' || root === 'sitemapindex') this.summary.kind = root;
    else this.notASitemap(NOT_A_SITEMAP.get(root) ?? `an XML document whose root element is <${name}>`);
  }

  private notASitemap(what: string): never {
    this.summary.kind = 'unknown';
    this.addError(`This is ${what}, not a sitemap: a sitemap is XML with a <urlset> or <sitemapindex> root, or a plain-text list of URLs.`);
    return this.stop();
  }

  // Structure is tracked by depth alone, so extension elements (image:image, news:news, xhtml:link) and
  // everything inside them, such as <image:loc>, are skipped without keeping a stack of names.
  private openElement(tag: SaxesTagPlain): void {
    this.depth += 1;
    const name = localName(tag.name);
    const entryName = this.summary.kind === 'urlset' ? 'url' : 'sitemap';
    if (this.depth === 1) this.checkNamespace(tag);
    else if (this.depth === 2 && name === entryName) this.entry = {};
    else if (this.depth === 3 && this.entry && (name === 'loc' || name === 'lastmod')) {
      this.field = name;
      this.fieldText = '';
    }
  }

  private closeElement(): void {
    if (this.depth === 3 && this.entry && this.field) {
      this.entry[this.field] = this.fieldText.trim();
      this.field = undefined;
    } else if (this.depth === 2 && this.entry) {
      const entry = this.entry;
      this.entry = undefined;
      this.readEntry(entry);
    }
    this.depth -= 1;
  }

  private readFieldText(text: string): void {
    if (this.field) this.fieldText = appendCapped(this.fieldText, text);
  }

  private checkNamespace(root: SaxesTagPlain): void {
    const prefix = root.name.includes(':') ? root.name.slice(0, root.name.indexOf(':')) : '';
    if (root.attributes[prefix ? `xmlns:${prefix}` : 'xmlns'] !== SITEMAPS_NAMESPACE) {
      this.addError(
        `The <${localName(root.name)}> element does not declare the sitemaps.org namespace xmlns="${SITEMAPS_NAMESPACE}", so search engines may reject the sitemap.`,
      );
    }
  }

  private readEntry(entry: Entry): void {
    const summary = this.summary;
    const isIndex = summary.kind === 'sitemapindex';
    this.countEntry(isIndex ? summary.childSitemapCount : summary.urlCount);
    if (isIndex) summary.childSitemapCount += 1;
    else summary.urlCount += 1;

    if (entry.lastmod !== undefined) this.readLastmod(entry.lastmod);
    if (!entry.loc) this.entriesWithoutLoc += 1;
    else if (isIndex) this.readChildSitemap(entry.loc);
    else this.readPageUrl(entry.loc);
  }

  private countEntry(countSoFar: number): void {
    if (countSoFar < this.maxUrls) return;
    this.summary.exceedsUrlLimit = true;
    this.stop();
  }

  private readLines(chunk: string): void {
    let start = 0;
    for (let end = chunk.indexOf('\n'); end !== -1; end = chunk.indexOf('\n', start)) {
      const line = appendCapped(this.partialLine, chunk.slice(start, end));
      this.partialLine = '';
      this.readLine(line);
      start = end + 1;
    }
    this.partialLine = appendCapped(this.partialLine, chunk.slice(start));
  }

  private readLine(line: string): void {
    const url = line.trim();
    if (url === '') return;
    this.countEntry(this.summary.urlCount);
    this.summary.urlCount += 1;
    this.readPageUrl(url);
  }

  private readPageUrl(text: string): void {
    const url = this.onSiteUrl(text);
    if (!url) return;
    if (this.summary.sampleUrls.length < MAX_SAMPLE_URLS) this.summary.sampleUrls.push(text);
    if (this.isBlockedByRobots?.(url.href)) addProblem(this.summary.blockedByRobots, text);
  }

  private readChildSitemap(text: string): void {
    if (this.onSiteUrl(text) && this.summary.childSitemaps.length < MAX_CHILD_SITEMAPS) this.summary.childSitemaps.push(text);
  }

  /** The URL when it is valid and on the site; otherwise counts it as a problem. */
  private onSiteUrl(text: string): URL | undefined {
    const url = text.length > MAX_URL_LENGTH ? undefined : parseHttpUrl(text);
    if (!url) {
      addProblem(this.summary.invalidUrls, truncate(text, 200));
      return undefined;
    }
    if (!isOnSite(url.href, this.site)) {
      addProblem(this.summary.offSite, text);
      return undefined;
    }
    return url;
  }

  private readLastmod(text: string): void {
    const lastmod = this.summary.lastmod;
    const ms = parseW3cDatetime(text);
    // A date more than a day ahead (time zones aside) is a generator bug, not a real modification time.
    if (ms === undefined || ms > this.nowMs + DAY_MS) {
      lastmod.invalid += 1;
      return;
    }
    lastmod.withLastmod += 1;
    if (ms > this.newestMs) {
      this.newestMs = ms;
      lastmod.newest = text;
    }
    if (ms < this.oldestMs) {
      this.oldestMs = ms;
      lastmod.oldest = text;
    }
  }

  private summariseProblems(): void {
    const summary = this.summary;
    if (this.entriesWithoutLoc > 0) {
      const entry = summary.kind === 'urlset' ? 'url' : 'sitemap';
      const n = this.entriesWithoutLoc;
      this.addError(`${n} <${entry}> ${n === 1 ? 'entry has' : 'entries have'} no <loc>, so crawlers skip ${n === 1 ? 'it' : 'them'}.`);
    }
    if (summary.kind === 'text' && summary.urlCount > 0 && summary.invalidUrls.count === summary.urlCount) {
      this.addError('No line of this text file is an absolute http(s) URL, so it is not a usable text sitemap.');
    }
    if (summary.lastmod.withLastmod > 0) {
      summary.lastmod.newestAgeDays = Math.max(0, Math.floor((this.nowMs - this.newestMs) / DAY_MS));
    }
  }

  private addError(sentence: string): void {
    if (this.summary.errors.length < MAX_ERRORS) this.summary.errors.push(sentence);
  }
}

function localName(name: string): string {
  return name.slice(name.indexOf(':') + 1);
}

function addProblem(problem: ProblemUrls, url: string): void {
  problem.count += 1;
  if (problem.samples.length < MAX_PROBLEM_SAMPLES) problem.samples.push(url);
}

/** Leading blank space is dropped and the text capped just past the longest valid URL, so that one endless
 *  <loc> or line cannot grow memory; a capped value is still recognised as too long. */
function appendCapped(buffer: string, text: string): string {
  if (buffer.length > MAX_URL_LENGTH) return buffer;
  const joined = buffer === '' ? text.trimStart() : buffer + text;
  return joined.length > MAX_URL_LENGTH ? joined.slice(0, MAX_URL_LENGTH + 1) : joined;
}
