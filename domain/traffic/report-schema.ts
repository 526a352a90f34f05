import { z } from 'zod';

/** The stored report of a crawler-traffic check (snapshot kind `traffic`). It holds no IP address. */
const verdictCounts = z.object({ verified: z.number().int(), forged: z.number().int(), unverifiable: z.number().int() });
const statusClasses = z.object({
  '2xx': z.number().int(),
  '3xx': z.number().int(),
  '4xx': z.number().int(),
  '5xx': z.number().int(),
  none: z.number().int(),
});

export const trafficCrawlerSchema = z.object({
  token: z.string().describe('robots.txt product token'),
  name: z.string(),
  operator: z.string(),
  purpose: z.enum(['training', 'search', 'user', 'other']),
  requests: z.number().int(),
  verdicts: verdictCounts.describe(
    'Requests by verdict: verified (published ranges or confirmed reverse DNS), forged, unverifiable (the vendor publishes nothing)',
  ),
  statusClasses: z.object({ verified: statusClasses, forged: statusClasses, unverifiable: statusClasses }),
  distinctPages: z.number().int().describe('Distinct paths it requested itself (forged requests aside); a lower bound past 10,000'),
  topPages: z.array(z.object({ path: z.string(), requests: z.number().int() })),
  firstSeen: z.string().optional(),
  lastSeen: z.string().optional(),
  forgedNetworks: z.array(z.object({ network: z.string().describe('A /24 or /48, never an address'), requests: z.number().int() })),
  robots: z.enum(['allowed', 'partial', 'blocked', 'none']).optional().describe("robots.txt's verdict for this crawler, when known"),
});

const invalidReasons = z.object({
  total: z.number().int(),
  'bad-signature': z.number().int().describe('A forged signature: it does not verify with the key it names'),
  expired: z.number().int().describe('Outside its created–expires window at the logged time'),
  'unknown-key': z.number().int().describe("Its keyid is no key of the agent's directory"),
  'missing-component': z
    .number()
    .int()
    .describe('It does not cover @authority (or @target-uri) and Signature-Agent, or lacks keyid, created or expires'),
  'wrong-tag': z.number().int().describe('No signature tagged web-bot-auth'),
  unparseable: z.number().int().describe('Signature-Input, Signature or Signature-Agent is not a valid Structured Field'),
});

export const signedAgentSchema = z.object({
  origin: z.string().describe("The origin the request's Signature-Agent names; unknown when that header could not be read"),
  name: z.string().describe('The agent\'s known name ("ChatGPT agent" for https://chatgpt.com), else its origin'),
  requests: z.number().int(),
  verified: z.number().int().describe("Signature verified with a key of the agent's directory, at the logged time"),
  invalid: invalidReasons,
  unverified: z
    .object({
      total: z.number().int(),
      'directory-unreachable': z.number().int().describe('The key directory could not be fetched and none was stored'),
      'not-logged': z.number().int().describe('The signature covers a header the log does not record'),
    })
    .describe('Requests whose signature could not be checked'),
  statusClasses: z.object({ verified: statusClasses, invalid: statusClasses, unverified: statusClasses }),
  distinctPages: z.number().int().describe('Distinct paths its verified requests were served'),
  topPages: z.array(z.object({ path: z.string(), requests: z.number().int() })),
  firstSeen: z.string().optional(),
  lastSeen: z.string().optional(),
  directory: z
    .object({
      url: z.string(),
      fetchedAt: z.string().optional().describe('When the copy verified against was fetched'),
      problem: z.string().optional().describe('Why the last fetch failed'),
    })
    .optional(),
});

/** robots.txt as the site check read it: read, missing (no rules), unavailable (5xx, timeout), or its stage failed. */
const siteCheckOutcome = z.enum(['ok', 'missing', 'unavailable', 'not-checked']);
export type SiteReportOutcome = z.infer<typeof siteCheckOutcome>;

export const trafficReportSchema = z.object({
  version: z.number().int(),
  domain: z.string(),
  createdAt: z.string(),
  startedAt: z.string(),
  finishedAt: z.string(),
  format: z.string().describe('The log format detected: combined, common, alb, cloudfront, cloudflare, vercel, fastly, cloudfront-json'),
  lines: z.number().int(),
  requests: z.number().int(),
  unreadable: z.number().int().describe('Lines the format could not read: counted, never fatal'),
  unreadableAt: z.array(z.number().int()).describe('Numbers of the first unreadable lines (never their text)'),
  crawlers: z.array(trafficCrawlerSchema),
  contradictions: z.array(z.object({ token: z.string(), kind: z.enum(['refused', 'ignored']), text: z.string() })),
  referrals: z.array(
    z.object({
      assistant: z.string(),
      visits: z.number().int(),
      topPages: z.array(z.object({ page: z.string(), visits: z.number().int() })),
      days: z.array(z.object({ day: z.string(), visits: z.number().int() })),
    }),
  ),
  signedAgents: z
    .array(signedAgentSchema)
    .optional()
    .describe(
      'Agents that sign their requests with Web Bot Auth (RFC 9421), by origin: their verified visits are counted here, apart from crawlers and referrals (absent in reports made before signatures were read)',
    ),
  robots: z
    .union([
      z.object({
        source: z.literal('site-check'),
        snapshotId: z.string(),
        checkedAt: z.string(),
        outcome: siteCheckOutcome
          .optional()
          .describe(
            "What that site check's robots-txt item says of reading robots.txt; unavailable or not-checked: no crawler gets a robots.txt verdict (absent in reports made before it was recorded)",
          ),
      }),
      z.object({ source: z.literal('robots.txt'), url: z.string(), outcome: z.enum(['ok', 'missing', 'unavailable']) }),
    ])
    .describe("Where the robots.txt verdicts come from: the domain's newest site check, or robots.txt read during this check"),
  ranges: z
    .array(z.object({ id: z.string(), operator: z.string(), creationTime: z.string().optional(), fetchedAt: z.string() }))
    .describe('The vendors’ range files the requests were verified against, as published'),
  rangesUnavailable: z
    .object({ operators: z.array(z.string()), reason: z.string() })
    .optional()
    .describe(
      'Vendors whose range files were neither stored nor fetchable: requests only those ranges could verify are unverifiable, for this reason',
    ),
});

export type TrafficReport = z.infer<typeof trafficReportSchema>;
