import escapeHtml from 'escape-html';

/** Markup that is already safe: produced by `html` (its values escaped) or by `raw`. */
export class SafeHtml {
  constructor(readonly value: string) {}
  toString(): string {
    return this.value;
  }
}

type Interpolation = SafeHtml | string | number | boolean | null | undefined | readonly Interpolation[];

function render(value: Interpolation): string {
  if (value instanceof SafeHtml) return value.value;
  if (Array.isArray(value)) return value.map(render).join('');
  if (value === null || value === undefined || value === false) return '';
  return escapeHtml(String(value));
}

/** A template whose every interpolated value is HTML-escaped, unless it is itself SafeHtml. */
export function html(strings: TemplateStringsArray, ...values: Interpolation[]): SafeHtml {
  return new SafeHtml(strings.reduce((out, part, index) => out + part + (index < values.length ? render(values[index]!) : ''), ''));
}

/** Trusted markup written in this code base (never text from a site or a platform). */
export function raw(markup: string): SafeHtml {
  return new SafeHtml(markup);
}

/** An href that can only be an http(s) URL: anything else (javascript:, data:) becomes "#". */
export function safeHref(url: string): string {
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'http:' || parsed.protocol === 'https:' ? parsed.toString() : '#';
  } catch {
    return '#';
  }
}
