import { html, type SafeHtml } from '../html';
import { layout } from './layout';

export function notFoundPage(what: string): SafeHtml {
  return layout({ title: 'Not found', description: what }, html`<h1>Not found</h1><p>${what}</p><p><a href="/">Check a site</a></p>`);
}
