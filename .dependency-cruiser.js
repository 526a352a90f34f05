// @ts-check
// The layers, checked on the import graph with type-only imports counted (tsPreCompilationDeps):
// a type import ties two modules as surely as a value import, it only costs nothing at run time.
//
//   domain/shared  ←  domain/<kind>  ←  domain/monitoring, domain/lenses  ←  contract  ←  workflows  ←  activities, infra  ←  api
//
// `npm run lint` runs this after eslint; test/plumbing/layers.test.ts proves each rule rejects a wrong-way import.

/** The kinds of check (and the crawler-traffic report): each kind's domain stands alone on domain/shared. */
const KINDS = ['site', 'brand', 'article', 'traffic'];

const otherKinds = KINDS.map((kind) => ({
  name: `domain-${kind}-alone`,
  comment: `domain/${kind} imports no other kind's domain (nor monitoring or lenses, which sit above the kinds): shared code goes to domain/shared.`,
  severity: 'error',
  from: { path: `^domain/${kind}/` },
  to: { path: `^domain/(?!shared/|${kind}/)` },
}));

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
      comment: 'domain/shared is what the kinds share: it imports no kind, nor anything else of domain/ (a registry over the kinds sits beside domain/kinds.ts).',
      severity: 'error',
      from: { path: '^domain/shared/' },
      to: { path: '^domain/(?!shared/)' },
    },
    ...otherKinds,
  ],
  options: {
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '^(node_modules|dist|\\.tools|\\.data)/' },
  },
};
