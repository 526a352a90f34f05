import { join } from 'node:path';
import { cruiseApi, folderEdges, cycles } from '../../scripts/api-folders';

const ROOT = join(__dirname, '..', '..');

test("api/'s imports run one way: no cycle among its folders, api/'s own files counted as nodes of their own", () => {
  const edges = folderEdges(cruiseApi(ROOT));

  expect(cycles(edges)).toEqual([]);
  // The graph drawn is the gateway's: the registry reads the kinds, the kinds read the shared pages.
  expect(edges).toEqual(expect.arrayContaining(['api/kinds → api/kinds/brand', 'api/kinds/brand → api/pages', 'api/routes → api/kinds']));
});

test('the drawing names the folders and files of api/ that reach each other, directly or round a longer cycle', () => {
  const edges = folderEdges([
    { source: 'api/pages/home.ts', dependencies: [{ resolved: 'api/kinds/index.ts' }, { resolved: 'api/html.ts' }] },
    { source: 'api/kinds/index.ts', dependencies: [{ resolved: 'api/kinds/site/index.ts' }] },
    {
      source: 'api/kinds/site/index.ts',
      dependencies: [{ resolved: 'api/pages/layout.ts' }, { resolved: 'api/kinds/site/page.ts' }, { resolved: 'api/kinds/requests.ts' }],
    },
    { source: 'api/html.ts', dependencies: [{ resolved: 'api/pages/layout.ts' }, { resolved: 'domain/shared/rate.ts' }] },
  ]);

  expect(edges).toEqual([
    'api/html.ts → api/pages',
    'api/kinds → api/kinds/site',
    'api/kinds/site → api/kinds',
    'api/kinds/site → api/pages',
    'api/pages → api/html.ts',
    'api/pages → api/kinds',
  ]);
  // pages → kinds → kinds/site → pages, with html.ts ⇄ pages: every node here reaches every other.
  expect(cycles(edges)).toEqual([['api/html.ts', 'api/kinds', 'api/kinds/site', 'api/pages']]);
  // Without the pages' import of the registry and html.ts' of the pages, the rest runs one way.
  expect(
    cycles(
      edges.filter(
        (edge) => edge !== 'api/pages → api/kinds' && edge !== 'api/html.ts → api/pages' && edge !== 'api/kinds/site → api/kinds',
      ),
    ),
  ).toEqual([]);
});
