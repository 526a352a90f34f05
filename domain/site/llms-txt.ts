/**
 * Checks an llms.txt file against the llmstxt.org structure and says what to fix in words a site owner can act on:
 * an H1 title first, then an optional `> ` summary, optional paragraphs and lists, then `## ` sections of
 * `- [name](url): notes` links (`## Optional` marks links that can be skipped for a shorter context).
 *
 * The text comes from sites we do not control, so parsing is line by line with hand-written scanners and only
 * regular expressions that cannot backtrack: the work stays linear in the size of the file.
 */

import { startsLikeHtml } from '../shared/http-response';
import { truncate } from '../shared/text';

export interface LlmsTxtLink {
  title: string;
  /** Absolute when the file had a relative URL and a siteOrigin was given. */
  url: string;
  notes?: string;
}

export interface LlmsTxtSection {
  name: string;
  links: LlmsTxtLink[];
}

export interface LlmsTxtProblem {
  severity: 'error' | 'warning';
  message: string;
  line?: number;
}

export interface LlmsTxtAnalysis {
  /** True when there is no 'error' problem. */
  valid: boolean;
  title?: string;
  summary?: string;
  sections: LlmsTxtSection[];
  linkCount: number;
  /** Errors first, then warnings, each in the order of the file. */
  problems: LlmsTxtProblem[];
}

export interface LlmsTxtOptions {
  /**
   * The Content-Type header the file was served with; null or '' when the server sent none
   * (what `Headers.get` returns). Leave it undefined when the text did not come over HTTP: nothing is checked then.
   */
  contentType?: string | null;
  /** Such as 'https://example.com': relative link URLs are resolved against it. */
  siteOrigin?: string;
}

const MAX_ANALYSED_CHARS = 1_000_000;
// A generated file can repeat one mistake thousands of times; a few examples are enough to show what to fix.
const MAX_LISTED_PER_KIND = 10;

export function analyseLlmsTxt(text: string, options: LlmsTxtOptions = {}): LlmsTxtAnalysis {
  const findings = new Findings();
  let body = text.startsWith('\uFEFF') ? text.slice(1) : text;
  if (body.length > MAX_ANALYSED_CHARS) {
    // Cut at a line break so that the last line checked is a whole one.
    const lastBreak = body.lastIndexOf('\n', MAX_ANALYSED_CHARS);
    body = body.slice(0, lastBreak > 0 ? lastBreak : MAX_ANALYSED_CHARS);
    findings.add(
      'warning',
      'The file is longer than 1,000,000 characters, so only its first 1,000,000 were checked: keep llms.txt a short index and put long content in the pages it links to (or in llms-full.txt).',
    );
  }

  if (startsLikeHtml(body)) {
    findings.add(
      'error',
      'The address served an HTML page instead of Markdown (often a "page not found" page or a JavaScript app shell): publish llms.txt as a plain Markdown file at /llms.txt.',
    );
    return summarise(findings, { sections: [] });
  }
  checkContentType(options.contentType, findings);
  if (body.trim() === '') {
    findings.add(
      'error',
      "The file is empty: start it with a title line such as '# Example Inc', then a '> ' summary and '## ' sections of links.",
    );
    return summarise(findings, { sections: [] });
  }
  return summarise(findings, readStructure(body, options.siteOrigin, findings));
}

interface Structure {
  title?: string;
  summary?: string;
  sections: LlmsTxtSection[];
}

function summarise(findings: Findings, structure: Structure): LlmsTxtAnalysis {
  const problems = findings.list();
  return {
    valid: problems.every((problem) => problem.severity !== 'error'),
    ...structure,
    linkCount: structure.sections.reduce((sum, section) => sum + section.links.length, 0),
    problems,
  };
}

function checkContentType(contentType: string | null | undefined, findings: Findings): void {
  if (contentType === undefined) return;
  const mediaType = (contentType ?? '').split(';')[0]!.trim().toLowerCase();
  if (mediaType === 'text/plain' || mediaType === 'text/markdown') return;
  const fix = "serve it as 'text/plain; charset=utf-8' or 'text/markdown; charset=utf-8'";
  if (mediaType === 'text/html') {
    findings.add('error', `The server labels llms.txt as an HTML page (Content-Type: text/html): ${fix}.`);
  } else if (mediaType === '') {
    findings.add('warning', `The server sends llms.txt without a Content-Type header: ${fix} so that AI tools read it as text.`);
  } else {
    findings.add('warning', `The server sends llms.txt as ${quote(mediaType)}: ${fix} so that AI tools read it as text.`);
  }
}

function readStructure(body: string, siteOrigin: string | undefined, findings: Findings): Structure {
  const lines = body.split(/\r\n|\r|\n/);
  const sections: { section: LlmsTxtSection; line: number }[] = [];
  let title: string | undefined;
  let summary: string | undefined;
  let firstContentLine: number | undefined;
  let strayQuoteLine: number | undefined;
  let awaitingSummary = false;
  let fence: { marker: string; line: number } | undefined;

  for (let index = 0; index < lines.length; index++) {
    const line = lines[index]!.trim();
    const lineNumber = index + 1;
    // Code blocks may hold '# comments' or example lists: they are not the file's structure.
    if (fence) {
      if (line.startsWith(fence.marker) && line.replaceAll(fence.marker[0]!, '') === '') fence = undefined;
      continue;
    }
    if (line === '') continue;
    const current = sections.at(-1)?.section;
    const heading = parseHeading(line);

    if (heading?.level === 1 && title === undefined) {
      title = stripEmphasis(heading.text);
      if (title === '')
        findings.add('error', `The H1 title on line ${lineNumber} is empty: write the site or project name after '# '.`, lineNumber);
      if (firstContentLine !== undefined) {
        findings.add(
          'error',
          `The H1 title must be the first thing in the file, but line ${firstContentLine} comes before it: move ${quote(line)} to the top.`,
          lineNumber,
        );
      }
      awaitingSummary = current === undefined;
      firstContentLine ??= lineNumber;
      continue;
    }
    firstContentLine ??= lineNumber;
    const isSummary = awaitingSummary && line.startsWith('>');
    awaitingSummary = false;
    const fenceMarker = /^(?:`{3,}|~{3,})/.exec(line)?.[0];

    if (heading?.level === 1) {
      findings.addRepeated(
        'extra-title',
        'error',
        `Line ${lineNumber} is a second H1 title (${quote(line)}): an llms.txt has exactly one; make this a ${quote(`## ${heading.text}`)} section heading.`,
        lineNumber,
      );
    } else if (heading?.level === 2) {
      sections.push({ section: { name: stripEmphasis(heading.text), links: [] }, line: lineNumber });
    } else if (heading) {
      const advice = current
        ? `where a '## ' section is expected: tools read the links below it as part of ${quote(current.name)}. Make it ${quote(`## ${heading.text}`)}.`
        : "before the first '## ' section: between the title and the first section, use paragraphs and lists only, or make it a '## ' section of links.";
      findings.addRepeated(
        'stray-heading',
        'warning',
        `Line ${lineNumber} is a level-${heading.level} heading (${quote(line)}) ${advice}`,
        lineNumber,
      );
    } else if (isSummary) {
      const end = blockquoteEnd(lines, index);
      summary =
        collapseSpaces(
          lines
            .slice(index, end)
            .map((quoteLine) => quoteLine.trim().slice(1))
            .join(' '),
        ) || undefined;
      index = end - 1;
    } else if (line.startsWith('>') && current === undefined) {
      strayQuoteLine ??= lineNumber;
    } else if (fenceMarker) {
      fence = { marker: fenceMarker, line: lineNumber };
    } else if (current) {
      const item = listItemContent(line);
      if (item !== undefined) readLinkItem(item, lineNumber, current, siteOrigin, findings);
    }
  }

  if (fence) {
    findings.add(
      'warning',
      `The code block opened on line ${fence.line} is never closed with ${quote(fence.marker)}, so everything after it is read as code: close it.`,
      fence.line,
    );
  }
  if (title === undefined) {
    findings.add('error', "The file has no H1 title: start it with a line such as '# Example Inc'.");
  } else if (summary === undefined) {
    findings.add(
      'warning',
      strayQuoteLine === undefined
        ? "The file has no summary: add a blockquote right after the title, such as '> Example Inc makes accounting software for small businesses.'"
        : `The summary blockquote on line ${strayQuoteLine} must come directly after the H1 title to be read as the summary: move it there.`,
      strayQuoteLine,
    );
  }
  checkLinkCounts(sections, findings);
  return { title, summary, sections: sections.map(({ section }) => section) };
}

/** Index of the first line after the blockquote that starts at `start`. */
function blockquoteEnd(lines: string[], start: number): number {
  let end = start;
  while (end < lines.length && lines[end]!.trim().startsWith('>')) end++;
  return end;
}

function checkLinkCounts(sections: { section: LlmsTxtSection; line: number }[], findings: Findings): void {
  if (sections.every(({ section }) => section.links.length === 0)) {
    findings.add(
      'warning',
      "The file lists no links: add '## ' sections with lists such as '- [Quick start](https://example.com/docs/quick-start.md): install and first steps' so that AI tools know which pages to read.",
    );
    return;
  }
  for (const { section, line } of sections) {
    if (section.links.length > 0) continue;
    findings.add(
      'warning',
      `The section ${quote(section.name)} has no links: list its pages as '- [Page name](https://…)' or remove the heading.`,
      line,
    );
  }
}

function readLinkItem(item: string, lineNumber: number, section: LlmsTxtSection, siteOrigin: string | undefined, findings: Findings): void {
  const link = parseLink(item);
  if (!link) {
    findings.addRepeated(
      'not-a-link',
      'warning',
      `Line ${lineNumber} in ${quote(section.name)} is a list item without a link: write it as '- [Page name](https://example.com/page): what the page covers'.`,
      lineNumber,
    );
    return;
  }
  if (link.title === '' || link.url === '') {
    const missing = link.url === '' ? 'URL' : 'name';
    findings.addRepeated(
      'empty-link',
      'warning',
      `Line ${lineNumber} has a link with an empty ${missing}: fill in both, as in '[Page name](https://example.com/page)'.`,
      lineNumber,
    );
    // Without a URL there is nothing an AI tool could read, so the link is left out of the result.
    if (link.url === '') return;
  }
  let url = link.url;
  if (!/^[a-z][a-z0-9+.-]*:/i.test(url)) {
    // 'www.example.com/docs' is an absolute address missing its scheme, not a path on this site.
    const resolved = /^www\./i.test(url) ? `https://${url}` : resolve(url, siteOrigin);
    const fix = resolved ? `use ${quote(resolved)} instead` : 'write the full address, starting with https://';
    findings.addRepeated(
      'relative-url',
      'warning',
      `Line ${lineNumber} links to the relative URL ${quote(url)}: absolute URLs are recommended because AI tools often read llms.txt away from your site; ${fix}.`,
      lineNumber,
    );
    url = resolved ?? url;
  }
  section.links.push({ title: link.title, url, ...(link.notes ? { notes: link.notes } : {}) });
}

function resolve(url: string, siteOrigin: string | undefined): string | undefined {
  if (siteOrigin === undefined) return undefined;
  try {
    return new URL(url, siteOrigin).href;
  } catch {
    return undefined;
  }
}

function parseHeading(line: string): { level: number; text: string } | undefined {
  let level = 0;
  while (line[level] === '#') level++;
  const rest = line.slice(level);
  // '#hashtag' is text, not a heading.
  if (level === 0 || level > 6 || (rest !== '' && rest[0] !== ' ' && rest[0] !== '\t')) return undefined;
  // An optional closing sequence, as in '## Docs ##'.
  let end = rest.length;
  while (end > 0 && rest[end - 1] === '#') end--;
  const closed = end === 0 || rest[end - 1] === ' ' || rest[end - 1] === '\t';
  return { level, text: (closed ? rest.slice(0, end) : rest).trim() };
}

const LIST_MARKER = /^(?:[-*+]|\d{1,9}[.)])(?:[ \t]+|$)/;

function listItemContent(line: string): string | undefined {
  const marker = LIST_MARKER.exec(line);
  return marker ? line.slice(marker[0].length) : undefined;
}

/** `[name](url)` at the start of `item`, then optional notes after a colon (or a dash, which some generators write). */
function parseLink(item: string): LlmsTxtLink | undefined {
  if (!item.startsWith('[')) return undefined;
  const titleEnd = closingIndex(item, 0, '[', ']');
  if (titleEnd < 0 || item[titleEnd + 1] !== '(') return undefined;
  const targetEnd = closingIndex(item, titleEnd + 1, '(', ')');
  if (targetEnd < 0) return undefined;
  const target = item.slice(titleEnd + 2, targetEnd).trim();
  // A destination may be written <url>, and may be followed by a "tooltip title" that is not part of the URL.
  const url =
    target.startsWith('<') && target.includes('>') ? target.slice(1, target.indexOf('>')).trim() : (target.split(/[ \t]/)[0] ?? '');
  const notes = item
    .slice(targetEnd + 1)
    .trim()
    .replace(/^[:\-–—][ \t]*/, '');
  return { title: stripEmphasis(item.slice(1, titleEnd)), url, ...(notes ? { notes } : {}) };
}

/** Index of the bracket that closes the one at `openIndex`, counting nested pairs and skipping escaped characters; -1 if none. */
function closingIndex(text: string, openIndex: number, open: string, close: string): number {
  let depth = 0;
  for (let index = openIndex; index < text.length; index++) {
    const char = text[index];
    if (char === '\\') index++;
    else if (char === open) depth++;
    else if (char === close && --depth === 0) return index;
  }
  return -1;
}

// Only '*' emphasis is removed: underscores are too often part of names such as __init__ or snake_case.
function stripEmphasis(text: string): string {
  return collapseSpaces(text.replace(/\*+/g, '').replace(/\\([[\]])/g, '$1'));
}

function collapseSpaces(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

/** Quotes text from the file in a message, shortened: a hostile line must not swamp the report. */
function quote(text: string): string {
  return `'${truncate(text, 80)}'`;
}

type RepeatedKind = 'extra-title' | 'stray-heading' | 'not-a-link' | 'empty-link' | 'relative-url';

const REPEATED_KIND_NAMES: Record<RepeatedKind, string> = {
  'extra-title': 'extra H1 titles',
  'stray-heading': 'misplaced headings',
  'not-a-link': 'list items without a link',
  'empty-link': 'links with an empty name or URL',
  'relative-url': 'relative URLs',
};

class Findings {
  private readonly problems: LlmsTxtProblem[] = [];
  private readonly repeats = new Map<RepeatedKind, { severity: LlmsTxtProblem['severity']; count: number }>();

  add(severity: LlmsTxtProblem['severity'], message: string, line?: number): void {
    this.problems.push(line === undefined ? { severity, message } : { severity, message, line });
  }

  /** Lists the first few occurrences of a mistake, then counts the rest. */
  addRepeated(kind: RepeatedKind, severity: LlmsTxtProblem['severity'], message: string, line: number): void {
    const seen = this.repeats.get(kind) ?? { severity, count: 0 };
    seen.count++;
    this.repeats.set(kind, seen);
    if (seen.count <= MAX_LISTED_PER_KIND) this.add(severity, message, line);
  }

  list(): LlmsTxtProblem[] {
    const all = [...this.problems];
    for (const [kind, { severity, count }] of this.repeats) {
      if (count <= MAX_LISTED_PER_KIND) continue;
      const more = count - MAX_LISTED_PER_KIND;
      all.push({
        severity,
        message: `There are ${more} more ${REPEATED_KIND_NAMES[kind]} after the ${MAX_LISTED_PER_KIND} listed: fix them the same way.`,
      });
    }
    // Errors first: they are what keeps AI tools from reading the file at all.
    return [...all.filter((problem) => problem.severity === 'error'), ...all.filter((problem) => problem.severity === 'warning')];
  }
}
