import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';

const ROOT = join(__dirname, '..', '..');
let scratch: string;
afterAll(() => {
  if (scratch) rmSync(scratch, { recursive: true, force: true });
});

/** A small project laid out like this one, each file importing one way, by type only (the cheapest import there is). */
const FILES: Record<string, string> = {
  'domain/shared/first.ts': "import type { Second } from './second';\nexport type First = Second[];\n",
  'domain/shared/second.ts': "import type { First } from './first';\nexport interface Second { first?: First }\n",
  'domain/shared/uses-contract.ts': "import type { Wire } from '../../contract/wire';\nexport type Used = Wire;\n",
  'domain/brand/uses-site.ts': "import type { Page } from '../site/page';\nexport type Borrowed = Page;\n",
  'domain/shared/uses-kind.ts': "import type { Page } from '../site/page';\nexport type Listed = Page[];\n",
  'domain/site/page.ts': 'export interface Page { url: string }\n',
  // A kind no list names yet: its folder alone brings it under the rule; its own files and shared ones stay allowed.
  'domain/future-kind/uses-brand.ts': "import type { Borrowed } from '../brand/uses-site';\nexport type Again = Borrowed;\n",
  'domain/future-kind/own.ts':
    "import type { Again } from './uses-brand';\nimport type { Second } from '../shared/second';\nexport type Own = [Again, Second];\n",
  'domain/monitoring/reads-kinds.ts':
    "import type { Page } from '../site/page';\nimport type { Own } from '../future-kind/own';\nexport type Read = [Page, Own];\n",
  'contract/wire.ts': "import type { Flow } from '../workflows/flow';\nexport type Wire = Flow;\n",
  'workflows/flow.ts': "import type { Store } from '../infra/store';\nexport type Flow = Store;\n",
  'infra/store.ts': 'export interface Store { saved: boolean }\n',
  'api/route.ts': "import type { Act } from '../activities/act';\nexport type Route = Act;\n",
  'api/paths.ts': 'export const home = "/";\n',
  'activities/act.ts': 'export interface Act { done: boolean }\n',
  'activities/links.ts': "import { home } from '../api/paths';\nexport const link = home;\n",
  // The gateway: a kind's folder reads shared parts below it, and its own files; the registry reads the kinds.
  'api/pages/layout.ts': 'export const page = (body: string) => `<main>${body}</main>`;\n',
  'api/kinds/shared/api-kind.ts': 'export interface ApiKind { page: (body: string) => string }\n',
  'api/kinds/site/index.ts':
    "import { page } from '../../pages/layout';\nimport type { ApiKind } from '../shared/api-kind';\nimport { title } from './title';\nexport const siteApi: ApiKind = { page: (body) => page(title + body) };\n",
  'api/kinds/site/title.ts': "export const title = 'Site';\n",
  'api/kinds/index.ts': "import { siteApi } from './site';\nexport const API_KINDS = { site: siteApi };\n",
  'api/kinds/brand/borrows-site.ts': "import { title } from '../site/title';\nexport const brandTitle = title;\n",
  // A kind no list names yet, reading the registry: its folder alone brings it under the rule.
  'api/kinds/future-kind/reads-registry.ts': "import type { API_KINDS } from '../index';\nexport type Kinds = typeof API_KINDS;\n",
  'api/mcp/lists-kinds.ts': "import type { API_KINDS } from '../kinds';\nexport type Listed = keyof typeof API_KINDS;\n",
  'domain/brand/report/rates.ts': 'export const rate = (count: number, total: number) => count / total;\n',
  'domain/brand/reader/counts.ts': "import { rate } from '../report/rates';\nexport const share = rate;\n",
  'api/monitor-service.ts': "import type { API_KINDS } from './kinds';\nexport type Monitored = keyof typeof API_KINDS;\n",
  'api/pages/reads-monitors.ts': "import type { Monitored } from '../monitor-service';\nexport type Shown = Monitored;\n",
  // Two folders that each reach the other, through files that are no cycle of modules.
  'api/left/start.ts': "import type { Middle } from '../right/middle';\nexport type Start = Middle;\n",
  'api/right/middle.ts': "import type { End } from '../left/end';\nexport type Middle = End;\n",
  'api/left/end.ts': 'export interface End { done: boolean }\n',
};

test('the layer rules reject every wrong-way import, type-only ones included, and pass the right-way ones', () => {
  scratch = mkdtempSync(join(tmpdir(), 'aivis-layers-'));
  copyFileSync(join(ROOT, 'tsconfig.json'), join(scratch, 'tsconfig.json'));
  for (const [path, text] of Object.entries(FILES)) {
    mkdirSync(dirname(join(scratch, path)), { recursive: true });
    writeFileSync(join(scratch, path), text);
  }
  const result = spawnSync(
    join(ROOT, 'node_modules', '.bin', 'depcruise'),
    [
      '--config',
      join(ROOT, '.dependency-cruiser.js'),
      '--output-type',
      'json',
      'domain',
      'contract',
      'workflows',
      'infra',
      'api',
      'activities',
    ],
    { cwd: scratch, encoding: 'utf8' },
  );
  const output = JSON.parse(result.stdout) as { summary: { violations: { rule: { name: string }; from: string; to: string }[] } };
  const violations = output.summary.violations.map(({ rule, from, to }) => `${rule.name}: ${from} → ${to}`).sort();

  expect(violations).toEqual([
    'api-folders-one-way: api/left → api/right',
    'api-folders-one-way: api/right → api/left',
    'api-is-the-top: activities/links.ts → api/paths.ts',
    'api-kind-alone: api/kinds/brand/borrows-site.ts → api/kinds/site/title.ts',
    'api-kind-alone: api/kinds/future-kind/reads-registry.ts → api/kinds/index.ts',
    'api-not-activities: api/route.ts → activities/act.ts',
    'api-shared-below-kinds: api/mcp/lists-kinds.ts → api/kinds/index.ts',
    'api-shared-below-kinds: api/pages/reads-monitors.ts → api/monitor-service.ts',
    'brand-reader-below-report: domain/brand/reader/counts.ts → domain/brand/report/rates.ts',
    'contract-above-domain-only: contract/wire.ts → workflows/flow.ts',
    'domain-is-the-bottom: domain/shared/uses-contract.ts → contract/wire.ts',
    'domain-kind-alone: domain/brand/uses-site.ts → domain/site/page.ts',
    'domain-kind-alone: domain/future-kind/uses-brand.ts → domain/brand/uses-site.ts',
    'domain-shared-is-the-bottom: domain/shared/uses-kind.ts → domain/site/page.ts',
    'no-circular: domain/shared/first.ts → domain/shared/second.ts',
    'workflows-not-io: workflows/flow.ts → infra/store.ts',
  ]);
});
