import type { TrafficReport } from '../../../domain/traffic/report-schema';
import { dayOf } from '../../wording';
import { html, type SafeHtml } from '../../html';

/** The traffic report's "Signed agents" section (docs/checks/traffic.md, "Signed agents"); every string from the log is escaped by `html`. */

type SignedAgent = NonNullable<TrafficReport['signedAgents']>[number];

const number = (value: number) => value.toLocaleString('en-US');

/** The invalid reasons in a site owner's words; a bad signature is a forged one. */
const INVALID_WORDS: Record<Exclude<keyof SignedAgent['invalid'], 'total'>, string> = {
  'bad-signature': 'forged signature',
  'unknown-key': "key not in the agent's directory",
  expired: 'expired',
  'missing-component': 'does not sign the host and agent',
  'wrong-tag': 'not tagged web-bot-auth',
  unparseable: 'unreadable headers',
};
const UNVERIFIED_WORDS: Record<Exclude<keyof SignedAgent['unverified'], 'total'>, string> = {
  'directory-unreachable': 'key directory unreachable',
  'not-logged': 'signs a header the log does not record',
};

function breakdown<K extends string>(counts: Record<K | 'total', number>, words: Record<K, string>): SafeHtml {
  const parts = (Object.keys(words) as K[]).filter((reason) => counts[reason] > 0);
  return html`${parts.map((reason, index) => html`${index ? ', ' : ''}${number(counts[reason])} ${words[reason]}`)}`;
}

function agentRow(agent: SignedAgent): SafeHtml {
  const served = agent.statusClasses.verified;
  return html`<tr><th scope="row">${agent.name}${agent.name === agent.origin ? '' : html`<br><small class="muted">${agent.origin}</small>`}</th>
<td>${number(agent.requests)}</td><td>${agent.verified ? html`<span class="tag pass">${number(agent.verified)}</span>` : '0'}</td>
<td>${agent.invalid.total ? html`<span class="tag fail">${number(agent.invalid.total)}</span> <small>${breakdown(agent.invalid, INVALID_WORDS)}</small>` : '0'}</td>
<td>${agent.unverified.total ? html`${number(agent.unverified.total)} <small>${breakdown(agent.unverified, UNVERIFIED_WORDS)}${agent.directory?.problem ? html` (${agent.directory.problem})` : ''}</small>` : '0'}</td>
<td>${number(served['2xx'])} / ${number(served['3xx'])} / ${number(served['4xx'])} / ${number(served['5xx'])}</td>
<td>${agent.topPages.slice(0, 5).map((page) => html`<code>${page.path}</code> (${number(page.requests)}) `)}</td>
<td><small>${agent.firstSeen ? dayOf(agent.firstSeen) : '–'} – ${agent.lastSeen ? dayOf(agent.lastSeen) : '–'}</small></td></tr>`;
}

export function signedAgentsSection(report: TrafficReport): SafeHtml {
  const agents = report.signedAgents ?? [];
  if (agents.length === 0)
    return html`<h2>Signed agents</h2><p class="muted">No request in this log carries a Web Bot Auth signature${report.format === 'ai-agents' || report.format === 'cloudflare' ? '' : ` (the ${report.format} format does not record the signature headers: see the ai-agents log recipe)`}.</p>`;
  return html`<h2>Signed agents</h2>
<p class="muted">Agents that browse for a person (ChatGPT agent and others) send a normal browser User-Agent and sign each request (Web Bot Auth, RFC 9421). Verified: the signature matches a key the agent publishes at its origin, valid when the request was made. Their visits are counted here, not as crawlers nor as people sent by an assistant.</p>
<table><thead><tr><th scope="col">Agent</th><th scope="col">Requests</th><th scope="col">Verified</th><th scope="col">Invalid</th><th scope="col">Unverified</th><th scope="col">Verified: 2xx / 3xx / 4xx / 5xx</th><th scope="col">Top pages</th><th scope="col">Seen</th></tr></thead>
<tbody>${agents.map(agentRow)}</tbody></table>`;
}
