import { monitorPagePath } from '../../contract/paths';
import { isMonitorKind, type MonitorKind } from '../../domain/shared/check-kinds';
import { KINDS } from '../../domain/kinds';
import { html, type SafeHtml } from '../html';
import { layout } from './layout';
import { MONITOR_FORMS, PICKER_FIELD } from './monitor-forms';
import { platformPicker } from './platform-picker';
import { MARKET_FIELDS, marketPicker, type PickedMarket } from './market-picker';
import type { OfferedPlatform } from '../../domain/shared/platform-choice';

/** What a "Monitor this" link or form names: the kind and the body its endpoint takes. */
export interface FormTarget {
  kind: MonitorKind;
  target: Record<string, unknown>;
}

/** Reads a form's (or a link's query's) fields; validation is the API schema's. A form that names no kind monitors a site. */
export function formTarget(fields: Record<string, unknown>): FormTarget {
  const kind = isMonitorKind(fields.kind) ? fields.kind : 'site';
  return { kind, target: MONITOR_FORMS[kind].target(fields) };
}

/** The link a report page or the home page offers: the form below, prefilled (its markets as the picker's rows). */
export function monitorThisHref(
  kind: MonitorKind,
  target: Record<string, string | string[] | undefined>,
  markets: readonly PickedMarket[] = [],
): string {
  const query = new URLSearchParams({ kind });
  for (const [key, value] of Object.entries(target)) {
    if (value === undefined || (Array.isArray(value) && value.length === 0)) continue;
    query.set(key, Array.isArray(value) ? value.join(', ') : value);
  }
  for (const market of markets) {
    query.append(MARKET_FIELDS.country, market.country);
    query.append(MARKET_FIELDS.language, market.language);
    query.append(MARKET_FIELDS.city, market.city ?? '');
  }
  return `/monitor/new?${query.toString()}`;
}

/** The markets a form target names, as the picker's rows. */
function pickedMarkets(target: Record<string, unknown>): PickedMarket[] {
  if (Array.isArray(target.markets)) return target.markets as PickedMarket[];
  return target.market ? [target.market as PickedMarket] : [];
}

export function newMonitorPage(form: FormTarget, platforms: readonly OfferedPlatform[], problem?: string): SafeHtml {
  const { kind, target } = form;
  const value = (key: string) => (Array.isArray(target[key]) ? (target[key] as string[]).join(', ') : String(target[key] ?? ''));
  const words = KINDS[kind].words.name;
  return layout(
    {
      title: `Monitor a ${words}`,
      description: 'Repeat a check every day or week, see the trend with its noise, and get an alert only when a change is real.',
    },
    html`<p class="muted"><a href="/">AI visibility check</a> › monitor</p>
<h1>Monitor this ${words}</h1>
<p>The same check runs every day or week. The monitor's page charts each result with its noise band and raises an alert only when a change is real. Free, no account: you get a secret token to manage it, shown once. It stops after 90 days unless renewed.</p>
${problem ? html`<p class="issue critical" role="alert">${problem}</p>` : ''}
<form class="fields" action="/monitor/new" method="post">
<input type="hidden" name="kind" value="${kind}">
${MONITOR_FORMS[kind].inputs(value)}
${MONITOR_FORMS[kind].asksPlatforms ? html`<input type="hidden" name="${PICKER_FIELD}" value="shown">${platformPicker('monitor', platforms, Array.isArray(target.platforms) ? (target.platforms as string[]) : undefined)}${marketPicker('monitor', { named: true, chosen: pickedMarkets(target) })}` : ''}
<div><label for="every">How often</label><select id="every" name="every"><option value="day">Every day</option><option value="week" selected>Every week</option></select></div>
<div class="wide"><label for="webhook">Webhook for alerts (optional, https URL)</label><input id="webhook" name="webhook" type="url" placeholder="https://hooks.example.com/aivis"></div>
<div class="wide"><button type="submit">Start monitoring</button></div>
</form>`,
  );
}

export function monitorCreatedPage(
  created: { id: string; token: string; manageUrl: string; pageUrl: string; webhookSecret?: string },
  subject: string,
): SafeHtml {
  return layout(
    { title: `Monitoring ${subject}`, description: 'A new monitor and its token.' },
    html`<p class="muted"><a href="/">AI visibility check</a> › monitor</p>
<h1>Monitoring ${subject}</h1>
<p>The first run has started. The trend: <a href="${monitorPagePath(created.id)}">${created.pageUrl}</a> (public to anyone with the link).</p>
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
