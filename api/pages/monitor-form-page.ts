import type { CheckKind } from '../../domain/shared/check-kinds';
import { html, type SafeHtml } from '../html';
import { layout } from './layout';

/** What a "Monitor this" link or form names: the kind and the body its endpoint takes. */
export interface FormTarget {
  kind: CheckKind;
  target: Record<string, unknown>;
}

const text = (value: unknown) => (typeof value === 'string' ? value.trim() : '');
const list = (value: unknown) => text(value).split(',').map((name) => name.trim()).filter(Boolean);

/** Reads a form's (or a link's query's) fields; validation is the API schema's. */
export function formTarget(fields: Record<string, unknown>): FormTarget {
  const kind: CheckKind = fields.kind === 'brand' || fields.kind === 'article' ? fields.kind : 'site';
  if (kind !== 'brand') return { kind, target: { url: text(fields.url) } };
  const domain = text(fields.domain);
  return { kind, target: { keyword: text(fields.keyword), brand: text(fields.brand), ...(domain ? { domain } : {}), aliases: list(fields.aliases), competitors: list(fields.competitors) } };
}

/** The link a report page or the home page offers: the form below, prefilled. */
export function monitorThisHref(kind: CheckKind, target: Record<string, string | string[] | undefined>): string {
  const query = new URLSearchParams({ kind });
  for (const [key, value] of Object.entries(target)) {
    if (value === undefined || (Array.isArray(value) && value.length === 0)) continue;
    query.set(key, Array.isArray(value) ? value.join(', ') : value);
  }
  return `/monitor/new?${query.toString()}`;
}

const KIND_WORDS: Record<CheckKind, string> = { site: 'site check', brand: 'brand diagnosis', article: 'article check' };

export function newMonitorPage(form: FormTarget, problem?: string): SafeHtml {
  const { kind, target } = form;
  const value = (key: string) => (Array.isArray(target[key]) ? (target[key] as string[]).join(', ') : String(target[key] ?? ''));
  const fields =
    kind === 'brand'
      ? html`<div><label for="keyword">Keyword</label><input id="keyword" name="keyword" value="${value('keyword')}" required></div>
<div><label for="brand">Brand</label><input id="brand" name="brand" value="${value('brand')}" required></div>
<div><label for="domain">Brand's domain (optional)</label><input id="domain" name="domain" value="${value('domain')}"></div>
<div><label for="competitors">Competitors (optional, comma-separated)</label><input id="competitors" name="competitors" value="${value('competitors')}"></div>
<input type="hidden" name="aliases" value="${value('aliases')}">`
      : html`<div class="wide"><label for="url">${kind === 'article' ? 'Article URL' : 'Domain or URL'}</label><input id="url" name="url" value="${value('url')}" required></div>`;
  return layout(
    { title: `Monitor a ${KIND_WORDS[kind]}`, description: 'Repeat a check every day or week, see the trend with its noise, and get an alert only when a change is real.' },
    html`<p class="muted"><a href="/">AI visibility check</a> › monitor</p>
<h1>Monitor this ${KIND_WORDS[kind]}</h1>
<p>The same check runs every day or week. The monitor's page charts each result with its noise band and raises an alert only when a change is real. Free, no account: you get a secret token to manage it, shown once. It stops after 90 days unless renewed.</p>
${problem ? html`<p class="issue critical" role="alert">${problem}</p>` : ''}
<form class="fields" action="/monitor/new" method="post">
<input type="hidden" name="kind" value="${kind}">
${fields}
<div><label for="every">How often</label><select id="every" name="every"><option value="day">Every day</option><option value="week" selected>Every week</option></select></div>
<div class="wide"><label for="webhook">Webhook for alerts (optional, https URL)</label><input id="webhook" name="webhook" type="url" placeholder="https://hooks.example.com/aivis"></div>
<div class="wide"><button type="submit">Start monitoring</button></div>
</form>`,
  );
}

export function monitorCreatedPage(created: { id: string; token: string; manageUrl: string; pageUrl: string; webhookSecret?: string }, subject: string): SafeHtml {
  return layout(
    { title: `Monitoring ${subject}`, description: 'A new monitor and its token.' },
    html`<p class="muted"><a href="/">AI visibility check</a> › monitor</p>
<h1>Monitoring ${subject}</h1>
<p>The first run has started. The trend: <a href="/monitor/${created.id}">${created.pageUrl}</a> (public to anyone with the link).</p>
<h2>Your token, shown only now</h2>
<p>Keep it: it pauses, changes, renews or deletes the monitor, and the service keeps only its hash.</p>
<p><code id="token">${created.token}</code></p>
${created.webhookSecret ? html`<p>Webhook signing secret (Standard Webhooks): <code id="webhook-secret">${created.webhookSecret}</code></p>` : ''}
<pre class="answer">curl -H "Authorization: Bearer ${created.token}" ${created.manageUrl}
curl -X PATCH -H "Authorization: Bearer ${created.token}" -H "Content-Type: application/json" -d '{"paused":true}' ${created.manageUrl}
curl -X POST -H "Authorization: Bearer ${created.token}" ${created.manageUrl}/run
curl -X DELETE -H "Authorization: Bearer ${created.token}" ${created.manageUrl}</pre>`,
  );
}
