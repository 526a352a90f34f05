import { sourceTyper } from '../../../domain/brand/report/source-types';

/** The typing rules by themselves: institutions by their suffixes, competitors by name or domain, the request's own first. */
const typeOf = sourceTyper({
  brandDomain: 'https://www.acmeplan.com/',
  given: [{ name: 'PlanRight' }, { name: 'Rival Works', domain: 'rival-works.example' }, { name: 'monday.com' }],
  discovered: ['Amazon', 'Taskwise'],
  overrides: { 'forum.example': 'ugc', 'wikipedia.org': 'editorial' },
});

test.each([
  ['acmeplan.com', 'owned'],
  ['help.acmeplan.com', 'owned'],
  ['planright.com', 'competitor'],
  ['app.planright.io', 'competitor'],
  ['planright.co.uk', 'competitor'],
  ['rival-works.example', 'competitor'],
  ['monday.com', 'competitor'],
  ['taskwise.io', 'competitor'],
  // The data file wins over a name found in the answers only.
  ['amazon.com', 'marketplace'],
  ['old.reddit.com', 'ugc'],
  ['m.youtube.com', 'ugc'],
  ['en.wikipedia.org', 'editorial'],
  ['forum.example', 'ugc'],
  ['sba.gov', 'institutional'],
  ['gov.uk', 'institutional'],
  ['www.gov.uk', 'institutional'],
  ['digital.gov.uk', 'institutional'],
  ['ox.ac.uk', 'institutional'],
  ['impots.gouv.fr', 'institutional'],
  ['u-tokyo.ac.jp', 'institutional'],
  ['mit.edu', 'institutional'],
  ['who.int', 'institutional'],
  ['ec.europa.eu', 'institutional'],
  ['g2.com', 'editorial'],
  ['x.com', 'social'],
  ['blog.example', 'other'],
  // A label that is only part of a suffix is no name: "co" in co.uk.
  ['co.uk', 'other'],
])('%s is %s', (domain, type) => {
  expect(typeOf(domain)).toBe(type);
});
