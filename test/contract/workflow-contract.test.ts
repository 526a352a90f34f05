import { brandSlug, checkWorkflowId, parseCheckWorkflowId } from '../../contract/workflow-contract';

const ID = '0f8fad5b-d9cb-469f-a165-70867728950e';

test.each([
  ['site', 'example.com', `site-check:example.com:${ID}`],
  ['brand', 'acme-plan', `brand:acme-plan:${ID}`],
  ['article', 'blog.example.com', `article:blog.example.com:${ID}`],
] as const)('a %s check ID names its kind and subject, and parses back', (kind, subject, id) => {
  expect(checkWorkflowId(kind, subject, ID)).toBe(id);
  expect(parseCheckWorkflowId(id)).toEqual({ kind, subject, snapshotId: ID });
});

test.each(['site-check:example.com:not-a-uuid', `other:example.com:${ID}`, `brand:UPPER:${ID}`, `brand::${ID}`, ''])(
  '%j is not a check ID',
  (id) => {
    expect(parseCheckWorkflowId(id)).toBeUndefined();
  },
);

test.each([
  ['Acme Plan 2', 'acme-plan-2'],
  ['Café Société', 'cafe-societe'],
  ['  --Monday.com--  ', 'monday-com'],
  ['飞书', 'brand'],
])('brand %j has the ID subject %j', (brand, slug) => {
  expect(brandSlug(brand)).toBe(slug);
});
