import { join } from 'node:path';
import { cruiseApi, folderEdges, twoWayPairs } from '../../scripts/api-folders';

const ROOT = join(__dirname, '..', '..');

test("no two of api/'s folders import each other, api/'s own files counted as nodes of their own", () => {
  const edges = folderEdges(cruiseApi(ROOT));

  expect(twoWayPairs(edges)).toEqual([]);
  // The graph drawn is the gateway's: the registry reads the kinds, the kinds read the shared pages.
  expect(edges).toEqual(expect.arrayContaining(['api/kinds → api/kinds/brand', 'api/kinds/brand → api/pages', 'api/routes → api/kinds']));
});

test('the drawing names two folders that import each other, and a folder and a file of api/ that do', () => {
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
  // pages → kinds → kinds/site → pages is a cycle of three, which the folder rule of .dependency-cruiser.js rejects.
  expect(twoWayPairs(edges)).toEqual(['api/html.ts ⇄ api/pages', 'api/kinds ⇄ api/kinds/site']);
});
