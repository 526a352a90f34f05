import { exportTable, reportColumns, type StoredReport } from '../shared/export-table';
import type { TrafficReport } from './report-schema';

/**
 * A crawler-traffic check's export (docs/exports.md): one row per crawler and verdict (all three, so a
 * crawler always has three), then one per assistant sending visits, then one per Web Bot Auth signing
 * agent (version 2); `section` tells them apart and each leaves the others' columns empty.
 */
type Crawler = TrafficReport['crawlers'][number];
type Verdict = keyof Crawler['verdicts'];
type Referral = TrafficReport['referrals'][number];
type SignedAgent = NonNullable<TrafficReport['signedAgents']>[number];
type Row = { stored: StoredReport<TrafficReport> } & (
  | { section: 'crawler'; crawler: Crawler; verdict: Verdict }
  | { section: 'referral'; referral: Referral }
  | { section: 'signed-agent'; agent: SignedAgent }
);

const VERDICTS: readonly Verdict[] = ['verified', 'forged', 'unverifiable'];
const VERSION = 2;

const crawler = (row: Row) => (row.section === 'crawler' ? row : undefined);
const referral = (row: Row) => (row.section === 'referral' ? row.referral : undefined);
const signed = (row: Row) => (row.section === 'signed-agent' ? row.agent : undefined);
const statusClass = (row: Row, name: '2xx' | '3xx' | '4xx' | '5xx' | 'none') => {
  const of = crawler(row);
  return of?.crawler.statusClasses[of.verdict][name];
};

export const trafficExport = exportTable<StoredReport<TrafficReport>, Row>({
  version: VERSION,
  rowsAre:
    'one per crawler and verdict (verified, forged, unverifiable: three per crawler), then one per AI assistant sending visits, then one per signing agent (Web Bot Auth)',
  *rows(stored) {
    for (const each of stored.report.crawlers) for (const verdict of VERDICTS) yield { stored, section: 'crawler', crawler: each, verdict };
    for (const each of stored.report.referrals) yield { stored, section: 'referral', referral: each };
    for (const each of stored.report.signedAgents ?? []) yield { stored, section: 'signed-agent', agent: each };
  },
  columns: [
    ...reportColumns<Row>(VERSION),
    { key: 'domain', type: 'text', description: 'The site the log is of', read: ({ stored }) => stored.report.domain },
    {
      key: 'section',
      type: 'text',
      description:
        'crawler (requests claiming an AI crawler, by verdict), referral (visits an AI assistant sent) or signed-agent (requests signed with Web Bot Auth, by agent)',
      read: (row) => row.section,
    },
    {
      key: 'token',
      type: 'text',
      description: "crawler: the crawler's robots.txt product token",
      read: (row) => crawler(row)?.crawler.token,
    },
    { key: 'name', type: 'text', description: "crawler: the crawler's name", read: (row) => crawler(row)?.crawler.name },
    { key: 'operator', type: 'text', description: 'crawler: who runs it', read: (row) => crawler(row)?.crawler.operator },
    { key: 'purpose', type: 'text', description: 'crawler: training, search, user or other', read: (row) => crawler(row)?.crawler.purpose },
    {
      key: 'verdict',
      type: 'text',
      description:
        "crawler: verified (the vendor's ranges or confirmed reverse DNS), forged, or unverifiable (the vendor publishes nothing)",
      read: (row) => crawler(row)?.verdict,
    },
    {
      key: 'requests',
      type: 'number',
      description: 'crawler: requests with this verdict',
      read: (row) => {
        const of = crawler(row);
        return of?.crawler.verdicts[of.verdict];
      },
    },
    { key: 'status2xx', type: 'number', description: 'crawler: of those, answered 2xx', read: (row) => statusClass(row, '2xx') },
    { key: 'status3xx', type: 'number', description: 'crawler: of those, answered 3xx', read: (row) => statusClass(row, '3xx') },
    { key: 'status4xx', type: 'number', description: 'crawler: of those, answered 4xx', read: (row) => statusClass(row, '4xx') },
    { key: 'status5xx', type: 'number', description: 'crawler: of those, answered 5xx', read: (row) => statusClass(row, '5xx') },
    {
      key: 'statusNone',
      type: 'number',
      description: 'crawler: of those, with no status in the log',
      read: (row) => statusClass(row, 'none'),
    },
    {
      key: 'distinctPages',
      type: 'number',
      description: 'crawler: distinct paths it requested itself (forged requests aside), the same on its three rows',
      read: (row) => crawler(row)?.crawler.distinctPages,
    },
    {
      key: 'firstSeen',
      type: 'text',
      description: 'crawler: its first request in the log (ISO 8601)',
      read: (row) => crawler(row)?.crawler.firstSeen,
    },
    {
      key: 'lastSeen',
      type: 'text',
      description: 'crawler: its last request in the log (ISO 8601)',
      read: (row) => crawler(row)?.crawler.lastSeen,
    },
    {
      key: 'robots',
      type: 'text',
      description: "crawler: robots.txt's verdict for it (allowed, partial, blocked, none), when known",
      read: (row) => crawler(row)?.crawler.robots,
    },
    {
      key: 'assistant',
      type: 'text',
      description: 'referral: the AI assistant the visits came from',
      read: (row) => referral(row)?.assistant,
    },
    { key: 'visits', type: 'number', description: 'referral: visits it sent', read: (row) => referral(row)?.visits },
    {
      key: 'topPages',
      type: 'json',
      description: 'referral: the pages visited most, as a JSON array of {page, visits}',
      read: (row) => referral(row)?.topPages,
    },
    {
      key: 'days',
      type: 'json',
      description: 'referral: visits by day, as a JSON array of {day, visits}',
      read: (row) => referral(row)?.days,
    },
    {
      key: 'agentOrigin',
      type: 'text',
      description: 'signed-agent: the origin its Signature-Agent names (unknown when unreadable)',
      read: (row) => signed(row)?.origin,
    },
    { key: 'agentName', type: 'text', description: 'signed-agent: its known name, else its origin', read: (row) => signed(row)?.name },
    {
      key: 'agentRequests',
      type: 'number',
      description: 'signed-agent: requests carrying its signature',
      read: (row) => signed(row)?.requests,
    },
    {
      key: 'agentVerified',
      type: 'number',
      description: 'signed-agent: of those, verified with a key of its directory at the logged time',
      read: (row) => signed(row)?.verified,
    },
    {
      key: 'agentInvalid',
      type: 'json',
      description:
        'signed-agent: invalid signatures, as a JSON object of total and each reason (bad-signature, expired, unknown-key, missing-component, wrong-tag, unparseable)',
      read: (row) => signed(row)?.invalid,
    },
    {
      key: 'agentUnverified',
      type: 'json',
      description: 'signed-agent: signatures that could not be checked, as a JSON object of total, directory-unreachable and not-logged',
      read: (row) => signed(row)?.unverified,
    },
  ],
});
