import { readFileSync } from 'node:fs';
import { currentWorkflowBundlePath } from '../support/paths';

// Workflow code imports only types from the report schemas and nothing that does I/O. A value import
// pulls the whole module into every workflow worker thread (zod once took the bundle from 2 to 4.7 MB).
test.each(['zod', 'cheerio', 'saxes', 'mongodb', 'undici', 'openai', '@anthropic-ai/sdk', 'pino', 'express', 'tldts', 'punycode', 'linkedom', '@mozilla/readability', 'snowball-stemmers', '@modelcontextprotocol'])('the workflow bundle does not contain %s', (name) => {
  const bundle = readFileSync(currentWorkflowBundlePath(), 'utf8');
  expect(bundle).not.toContain(`node_modules/${name}/`);
});
