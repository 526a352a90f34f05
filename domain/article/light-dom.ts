/**
 * A light DOM for Readability: linkedom, which parses HTML the way browsers do in a fraction of
 * jsdom's time and memory. It publishes types for its ESM build only, which CommonJS code cannot
 * import; its CommonJS build is what runs here, typed below with the little this project uses.
 */
export interface LightElement {
  textContent: string | null;
  getAttribute(name: string): string | null;
  querySelector(selector: string): LightElement | null;
  querySelectorAll(selector: string): Iterable<LightElement>;
  remove(): void;
}

export interface LightDocument extends LightElement {
  documentElement: LightElement | null;
}

// eslint-disable-next-line @typescript-eslint/no-require-imports
const linkedom = require('linkedom') as { parseHTML(html: string): { document: LightDocument } };

export const parseHTML = (html: string) => linkedom.parseHTML(html);
