import { existsSync, readFileSync, readdirSync, rmSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative, resolve } from 'node:path';
import { CONFIGURATION_DOC, configurationDoc } from '../../scripts/docs-config';
import { benchEntry } from '../../scripts/bench-log';
import { spawnSync } from 'node:child_process';

const ROOT = join(__dirname, '..', '..');

const markdownFiles = (folder: string): string[] =>
  readdirSync(folder, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? markdownFiles(join(folder, entry.name)) : entry.name.endsWith('.md') ? [join(folder, entry.name)] : [],
  );

test('docs/configuration.md is what `npm run docs:config` generates from the config schema', () => {
  // On failure: run `npm run docs:config` and commit the page (edit the schema's descriptions, not the page).
  expect(readFileSync(CONFIGURATION_DOC, 'utf8')).toBe(configurationDoc());
});

test('the configuration page names every variable the service reads, with its default', () => {
  const page = configurationDoc();
  for (const variable of ['PORT', 'MONGODB_URI', 'RATE_LIMIT_CRAWLER_LOGS', 'PERPLEXITY_RPS', 'DEEPSEEK_MODEL', 'CRAWLER_LOG_MAX_LINES']) {
    expect(page).toContain(`\`${variable}\``);
  }
  expect(page).toMatch(/\| `BRAND_QUESTIONS` \| [^|]+ \| `10` \|/);
  expect(page).toContain('Perplexity `1`');
});

test('the README stays short, and every file a README or docs/ page links to exists', () => {
  expect(readFileSync(join(ROOT, 'README.md'), 'utf8').split('\n').length).toBeLessThanOrEqual(200);
  const broken: string[] = [];
  for (const file of [join(ROOT, 'README.md'), ...markdownFiles(join(ROOT, 'docs'))]) {
    const text = readFileSync(file, 'utf8');
    for (const [, target] of text.matchAll(/\]\(([^)#\s]+)(?:#[^)]*)?\)/g)) {
      if (/^[a-z]+:/i.test(target!)) continue;
      const path = relative(ROOT, resolve(dirname(file), target!));
      if (!existsSync(join(ROOT, path))) broken.push(`${relative(ROOT, file)} → ${target}`);
    }
  }
  expect(broken).toEqual([]);
});

test('a benchmark run appends one dated entry with what it printed, and only when it ends well', () => {
  const entry = benchEntry('npm run bench:traffic -- --lines 1000', ['lines=1000 seconds=0.1'], new Date('2026-11-26T20:15:00Z'), 2.5);
  expect(entry).toBe(
    '\n### 2026-11-26 20:15 UTC · `npm run bench:traffic -- --lines 1000` · load average 2.50\n\n```\nlines=1000 seconds=0.1\n```\n',
  );

  const folder = mkdtempSync(join(tmpdir(), 'aivis-bench-log-'));
  try {
    const log = join(folder, 'log.md');
    const run = (code: number) =>
      spawnSync(
        join(ROOT, 'node_modules', '.bin', 'tsx'),
        ['-e', `require('./scripts/bench-log').logBenchRun('bench:probe'); console.log('figure=%d', 42); process.exitCode = ${code};`],
        {
          cwd: ROOT,
          env: { ...process.env, BENCH_LOG_FILE: log },
          encoding: 'utf8',
        },
      );
    run(1);
    expect(existsSync(log)).toBe(false);
    run(0);
    expect(readFileSync(log, 'utf8')).toMatch(
      /^\n### \d{4}-\d\d-\d\d \d\d:\d\d UTC · `npm run bench:probe` · load average \d+\.\d\d\n\n```\nfigure=42\n```\n$/,
    );
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
});
