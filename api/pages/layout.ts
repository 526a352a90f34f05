import { html, raw, type SafeHtml } from '../html';

/** One stylesheet for every page: readable without colour (every state also has a word), printable. */
const STYLES = raw(`
:root { color-scheme: light; --fg:#1a1a1a; --muted:#555; --line:#d6d6d6; --bg:#fff; --pass:#0a6b2d; --warn:#8a5300; --fail:#b3261e; --info:#2f4f8f; --accent:#1f4fd1; }
* { box-sizing: border-box; }
body { margin: 0; font: 16px/1.5 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; color: var(--fg); background: var(--bg); }
main { max-width: 72rem; margin: 0 auto; padding: 1.5rem 1rem 4rem; }
h1 { font-size: 1.8rem; margin: .2rem 0; } h2 { font-size: 1.3rem; margin-top: 2.2rem; border-bottom: 1px solid var(--line); padding-bottom: .3rem; }
a { color: var(--accent); } a:focus-visible, button:focus-visible, input:focus-visible { outline: 3px solid var(--accent); outline-offset: 2px; }
.muted { color: var(--muted); }
.scores { display: grid; grid-template-columns: repeat(auto-fit, minmax(14rem, 1fr)); gap: 1rem; margin: 1.2rem 0; }
.score { border: 1px solid var(--line); border-radius: .5rem; padding: 1rem; }
.score strong { font-size: 2.2rem; display: block; }
.bar { height: .7rem; background: #eee; border-radius: .35rem; overflow: hidden; } .bar > span { display: block; height: 100%; background: var(--accent); }
table { width: 100%; border-collapse: collapse; font-size: .95rem; } th, td { text-align: left; padding: .35rem .5rem; border-bottom: 1px solid var(--line); vertical-align: top; }
.tag { display: inline-block; padding: 0 .45rem; border-radius: .3rem; font-weight: 600; font-size: .85rem; border: 1px solid currentColor; }
.pass, .allowed, .known, .positive { color: var(--pass); } .warn, .partial, .warning, .neutral { color: var(--warn); }
.fail, .blocked, .critical, .error, .negative { color: var(--fail); } .info, .none, .unknown { color: var(--info); }
.answer { background: #f7f7f7; border-radius: .4rem; padding: .1rem .9rem; max-height: 20rem; overflow: auto; overflow-wrap: anywhere; } .answer p, .answer ul, .answer ol { margin: .5rem 0; } .answer table { font-size: .9rem; } .answer h1, .answer h2, .answer h3 { font-size: 1rem; }
.issue { border-left: 4px solid currentColor; padding: .3rem .8rem; margin: .6rem 0; } .issue p { margin: .2rem 0; color: var(--fg); }
form.check { display: flex; gap: .5rem; flex-wrap: wrap; align-items: center; } form.check label { flex-basis: 100%; font-weight: 600; } form.check input { flex: 1 1 18rem; font-size: 1.1rem; padding: .6rem; border: 2px solid #767676; border-radius: .4rem; }
form.fields { display: grid; grid-template-columns: repeat(auto-fit, minmax(14rem, 1fr)); gap: .4rem 1rem; align-items: end; } form.fields label { display: block; font-weight: 600; } form.fields input { width: 100%; font-size: 1.05rem; padding: .55rem; border: 2px solid #767676; border-radius: .4rem; } form.fields .wide { grid-column: 1 / -1; } fieldset.markets { border: 1px solid #ccc; border-radius: .4rem; } fieldset.markets .market-row { display: flex; flex-wrap: wrap; gap: .5rem 1rem; margin-bottom: .4rem; } fieldset.markets label { font-weight: 400; } fieldset.markets .market-row + .market-row { border-top: 1px dashed #ccc; padding-top: .4rem; }
fieldset.platforms { border: 1px solid #ccc; border-radius: .4rem; } fieldset.platforms .platform-group { display: flex; flex-wrap: wrap; gap: .2rem 1.1rem; margin-bottom: .4rem; } fieldset.platforms .platform-group > span { flex-basis: 100%; } fieldset.platforms label { display: inline-block; font-weight: 400; } fieldset.platforms label small { white-space: nowrap; } fieldset.platforms input { width: auto; } fieldset.platforms p { margin: .2rem 0 0; }
.kinds { display: grid; grid-template-columns: repeat(auto-fit, minmax(22rem, 1fr)); gap: 1.5rem; } .kinds section { border: 1px solid var(--line); border-radius: .5rem; padding: .2rem 1rem 1rem; } .kinds h2 { margin-top: .8rem; }
mark { background: #fff1a8; color: inherit; padding: 0 .1rem; }
.chart { display: grid; grid-template-columns: minmax(8rem, max-content) 1fr 4rem; gap: .3rem .7rem; align-items: center; } .chart .bar { height: 1rem; } .chart .self > span { background: var(--pass); }
button { font-size: 1.1rem; padding: .6rem 1.2rem; border: 0; border-radius: .4rem; background: var(--accent); color: #fff; cursor: pointer; } button[disabled] { opacity: .6; }
ol.steps { padding-left: 1.2rem; } ol.steps li { margin: .15rem 0; }
@media print { form, .no-print { display: none; } main { max-width: none; } .answer { max-height: none; } a { color: inherit; } }
`);

/** The link to a page's rows as CSV (docs/exports.md): saved as a file, not opened. */
export const downloadCsv = (href: string): SafeHtml => html`<a href="${href}" download>Download CSV</a>`;

export interface PageMeta {
  title: string;
  description: string;
  /** Absolute URL of the page, for Open Graph. */
  url?: string;
}

export function layout(meta: PageMeta, body: SafeHtml, scripts: SafeHtml = html``): SafeHtml {
  return html`<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${meta.title}</title>
<meta name="description" content="${meta.description}">
<meta property="og:type" content="website">
<meta property="og:title" content="${meta.title}">
<meta property="og:description" content="${meta.description}">
${meta.url ? html`<meta property="og:url" content="${meta.url}">` : ''}
<meta name="twitter:card" content="summary">
<style>${STYLES}</style>
</head>
<body>
<main>
${body}
<p class="muted"><small>Results come from public web requests and live answers of AI platforms, and are for analysis only.</small></p>
</main>
${scripts}
</body>
</html>`;
}
