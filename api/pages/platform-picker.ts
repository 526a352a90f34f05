import type { OfferedPlatform } from '../../domain/shared/platform-choice';
import { html, type SafeHtml } from '../html';

/**
 * The forms' platform picker (docs/surfaces.md, "Web version"): every platform a request may name here,
 * checked unless `chosen` says otherwise, sent as `platforms` (api/public/check.js, or the monitor
 * form's own fields). A platform this service has not set up is shown disabled, with the setting that would.
 */
export function platformPicker(id: string, offer: readonly OfferedPlatform[], chosen?: readonly string[]): SafeHtml {
  const box = (platform: OfferedPlatform) =>
    platform.configured
      ? html`<label><input type="checkbox" name="platforms" value="${platform.id}"${!chosen || chosen.includes(platform.id) ? ' checked' : ''}> ${platform.name}</label>`
      : html`<label class="muted" title="${platform.setting ?? ''}"><input type="checkbox" value="${platform.id}" disabled> ${platform.name} <small>(not set up on this service)</small></label>`;
  const group = (surface: boolean, heading: string) => {
    const platforms = offer.filter((platform) => platform.surface === surface);
    return platforms.length ? html`<div class="platform-group"><span>${heading}</span>${platforms.map(box)}</div>` : html``;
  };
  return html`<fieldset class="wide platforms" aria-describedby="${id}-platforms-help">
  <legend>Platforms to ask</legend>
  ${group(false, 'AI assistants, through their APIs:')}
  ${group(true, 'What people see in search and apps:')}
  <p id="${id}-platforms-help" class="muted">Every question is asked on each platform checked; choose at least one.</p>
</fieldset>`;
}
