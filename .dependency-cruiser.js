// @ts-check
// The layers, checked on the import graph with type-only imports counted (tsPreCompilationDeps):
// a type import ties two modules as surely as a value import, it only costs nothing at run time.
//
//   domain/shared  ←  domain/<kind>  ←  domain/monitoring, domain/lenses  ←  contract  ←  infra  ←  activities  ←  workflows  ←  worker
//                                                                             contract, infra  ←  api
// Inside api/: pages, mcp, kinds/shared  ←  kinds/<kind>  ←  kinds (the registry)  ←  overview-pages, mcp-server, routes
// (read an arrow as "is imported by"; infra/check-input.ts imports the workflow functions' types: the one arrow up)
//
// `npm run lint` runs this after eslint; test/plumbing/layers.test.ts proves each rule rejects a wrong-way import.

module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      comment: 'No import cycle at all, type-only imports included.',
      severity: 'error',
      from: {},
      to: {
        circular: true,
      },
    },
    {
      name: 'api-not-activities',
      comment: 'The gateway starts workflows through contract/ and infra/; activities run only in the worker.',
      severity: 'error',
      from: { path: '^api/' },
      to: { path: '^activities/' },
    },
    {
      name: 'api-is-the-top',
      comment: 'Nothing the worker runs depends on the gateway: activities, infra and workflows import no api/ code.',
      severity: 'error',
      from: { path: '^(activities|infra|workflows)/' },
      to: { path: '^api/' },
    },
    {
      name: 'domain-is-the-bottom',
      comment: 'domain/ is pure and imports no other layer: every layer imports it.',
      severity: 'error',
      from: { path: '^domain/' },
      to: { path: '^(contract|infra|activities|workflows|api|worker|dev|scripts)/' },
    },
    {
      name: 'contract-above-domain-only',
      comment: 'contract/ is what the gateway and the worker share: it may import domain/, nothing above it.',
      severity: 'error',
      from: { path: '^contract/' },
      to: { path: '^(workflows|activities|api|infra|worker|dev|scripts)/' },
    },
    {
      name: 'workflows-not-io',
      comment: 'Workflow code runs in the deterministic sandbox: it reaches I/O only through activities (by type).',
      severity: 'error',
      from: { path: '^workflows/' },
      to: { path: '^(infra|api|worker|dev|scripts)/' },
    },
    {
      name: 'domain-shared-is-the-bottom',
      comment:
        'domain/shared is what the kinds share: it imports no kind, nor anything else of domain/ (a registry over the kinds sits beside domain/kinds.ts).',
      severity: 'error',
      from: { path: '^domain/shared/' },
      to: { path: '^domain/(?!shared/)' },
    },
    {
      name: 'domain-kind-alone',
      comment:
        "A kind's domain folder (any domain/<kind>/ but shared, monitoring and lenses, which sit below and above the kinds) imports no other kind's folder, nor monitoring or lenses: shared code goes to domain/shared. New kinds are covered by their folder alone.",
      severity: 'error',
      from: { path: '^domain/([^/]+)/', pathNot: '^domain/(shared|monitoring|lenses)/' },
      to: { path: '^domain/', pathNot: ['^domain/shared/', '^domain/$1/'] },
    },
    {
      name: 'brand-reader-below-report',
      comment:
        'The brand reader reads one answer; the report is made from the answers read (docs/brand-reader.md): domain/brand/reader imports nothing of domain/brand/report.',
      severity: 'error',
      from: { path: '^domain/brand/reader/' },
      to: { path: '^domain/brand/report/' },
    },
    {
      name: 'api-kind-alone',
      comment:
        "A kind's gateway folder (any api/kinds/<kind>/ but shared) imports no other kind's folder, nor the registry (api/kinds/*.ts) or what reads it: the overview pages, the MCP server, the routes, /openapi.json, the monitors' schemas and service, the check events, the app. What kinds share goes to api/pages, api/mcp or api/kinds/shared (docs/architecture.md, \"The gateway's folders\").",
      severity: 'error',
      from: { path: '^api/kinds/([^/]+)/', pathNot: '^api/kinds/shared/' },
      to: {
        path: '^api/(kinds/|overview-pages/|mcp-server/|monitor-pages/|routes/|(openapi|monitor-openapi|monitor-schemas|monitor-service|check-events|app|main)[.]ts$)',
        pathNot: ['^api/kinds/shared/', '^api/kinds/$1/'],
      },
    },
    {
      name: 'api-shared-below-kinds',
      comment:
        "What the kinds share at the gateway (api/pages, api/mcp, api/kinds/shared) imports no kind, nor the registry or what reads it (the monitors' schemas and service and their pages among them): it sits below them.",
      severity: 'error',
      from: { path: '^api/(pages|mcp|kinds/shared)/' },
      to: {
        path: '^api/(kinds/(?!shared/)|overview-pages/|mcp-server/|monitor-pages/|routes/|(openapi|monitor-openapi|monitor-schemas|monitor-service|check-events|app|main)[.]ts$)',
      },
    },
    {
      name: 'api-folders-one-way',
      comment:
        "Imports between api/'s folders run one way: no two import each other, directly or round a cycle (a folder's imports of its own parent's or children's files aside; scripts/api-folders.ts also counts api/'s own files as nodes).",
      severity: 'error',
      scope: 'folder',
      from: { path: '^api/' },
      to: { path: '^api/', circular: true },
    },
  ],
  options: {
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '^(node_modules|dist|\\.tools|\\.data)/' },
  },
};
