/**
 * The code cites the per-concern documents, never the brief: the brief stays outside the repository,
 * and the documents under docs/ are the record (each says which part of the brief it implements and
 * where the code departs from it). Every citation of docs/ from outside it must land on a file, and on
 * a section when it names one (an anchor after `#`, or a heading quoted after a comma).
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

const ROOT = join(__dirname, '..', '..');
const BRIEF = new RegExp(`\\b(${['DESIGN', 'SPEC'].join('|')})\\.md\\b`);
const CITATION = /(?<![\w/.:-])docs\/([\w/.-]+?\.md)(?!\w)(?:#([\w-]+)|,? "([^"\n]+)")?/g;

/** Files that quote other sites' documents (an llms.txt's links, a vendor's docs repository), not this one's. */
const QUOTING_OTHERS = new Set(['test/domain/site/llms-txt.test.ts', 'test/fixtures/vendors/SOURCES.md']);

/** The files git keeps outside docs/, as text: code, scripts, tests, configuration, READMEs. */
const files = execFileSync('git', ['ls-files', '-co', '--exclude-standard'], { cwd: ROOT, encoding: 'utf8' })
  .split('\n')
  .filter((file) => file && !file.startsWith('docs/') && /\.(ts|js|mjs|cjs|json|toml|md|ya?ml)$|Dockerfile$/.test(file))
  .filter((file) => existsSync(join(ROOT, file)));

/** A heading's anchor as GitHub makes it: lower case, punctuation dropped, spaces as hyphens. */
const anchorOf = (heading: string) =>
  heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N} _-]/gu, '')
    .replace(/ /g, '-');

const headingsOf = (doc: string) =>
  readFileSync(join(ROOT, 'docs', doc), 'utf8')
    .split('\n')
    .filter((line) => /^#{1,6} /.test(line))
    .map((line) => line.replace(/^#+ /, ''));

test('no file outside docs/ cites the brief (it is not in the repository)', () => {
  const citing = files.filter((file) => BRIEF.test(readFileSync(join(ROOT, file), 'utf8')));
  expect(citing).toEqual([]);
});

test('every citation of docs/ from outside it resolves: the document, and the section it names', () => {
  const unresolved: string[] = [];
  let citations = 0;
  for (const file of files.filter((one) => !QUOTING_OTHERS.has(one))) {
    for (const [cited, doc, anchor, heading] of readFileSync(join(ROOT, file), 'utf8').matchAll(CITATION)) {
      citations += 1;
      if (!existsSync(join(ROOT, 'docs', doc!))) {
        unresolved.push(`${file}: ${cited} (no such document)`);
        continue;
      }
      const headings = headingsOf(doc!);
      if (anchor && !headings.some((one) => anchorOf(one) === anchor)) unresolved.push(`${file}: ${cited} (no such section)`);
      if (heading && !headings.some((one) => one.toLowerCase().includes(heading.toLowerCase())))
        unresolved.push(`${file}: ${cited} (no such section)`);
    }
  }
  expect(unresolved).toEqual([]);
  // The code does cite the documents: a pattern that matched nothing would pass above without reading any.
  expect(citations).toBeGreaterThan(50);
});

test('the anchor of a heading is the one GitHub gives it', () => {
  expect(anchorOf('2. Slots and ranks (`domain/brand/slots.ts`)')).toBe('2-slots-and-ranks-domainbrandslotsts');
  expect(anchorOf("Questions and reading in the market's language")).toBe('questions-and-reading-in-the-markets-language');
  expect(anchorOf('The 2026 signals in checks[]')).toBe('the-2026-signals-in-checks');
});
