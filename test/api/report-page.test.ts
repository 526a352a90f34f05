import request from 'supertest';
import { FIXTURE_HOSTS } from '../../dev/fixture-sites';
import { startTestGateway, type TestGateway } from '../support/gateway';

let gateway: TestGateway;

const HOSTILE_ANSWER =
  'Acme Widgets is a reputable maker of widgets. <script>alert("answer")</script> "><img src=x onerror=alert(1)> &amp; </div></main>';

beforeAll(async () => {
  gateway = await startTestGateway();
  gateway.platforms.setBehaviour('chatgpt', {
    answer: HOSTILE_ANSWER,
    citations: ['https://acme-widgets.test/"><script>alert(2)</script>'],
  });
});
afterAll(() => gateway.close());

async function checkAndOpen(url: string) {
  const app = gateway.app();
  const checked = await request(app).post('/api/v1/check').send({ url });
  expect(checked.status).toBe(200);
  return { checked, page: await request(app).get(checked.body.snapshotUrl as string) };
}

test('the snapshot page shows the scores, issues, crawlers and answers, with Open Graph tags, and may be cached', async () => {
  const { checked, page } = await checkAndOpen(FIXTURE_HOSTS.blocking);
  expect(page.status).toBe(200);
  expect(page.headers['content-type']).toMatch(/text\/html/);
  expect(page.headers['cache-control']).toContain('immutable');
  const { report } = checked.body;
  expect(page.text).toContain(`<h1>AI visibility of ${FIXTURE_HOSTS.blocking}</h1>`);
  expect(page.text).toContain(
    `<meta property="og:title" content="AI visibility of ${FIXTURE_HOSTS.blocking}: ${Math.round(report.totalScore)}/100">`,
  );
  expect(page.text).toContain(`<meta property="og:url" content="${gateway.config.publicBaseUrl}${checked.body.snapshotUrl}">`);
  expect(page.text).toContain(`aria-valuenow="${Math.round(report.crawlerScore)}"`);
  // Colour plus a word: the verdict reads without colour.
  expect(page.text).toMatch(/<td>GPTBot <code>GPTBot<\/code><\/td><td>training<\/td><td><span class="tag blocked">blocked<\/span>/);
  // Issues (with their fixes) come before the crawler table.
  expect(page.text.indexOf('<h2>Issues and fixes</h2>')).toBeLessThan(page.text.indexOf('<h2>AI crawlers'));
  expect(page.text).toContain('<strong>Fix:</strong>');
});

test('strings from sites and platforms are escaped: no markup of theirs reaches the page', async () => {
  const { page } = await checkAndOpen(FIXTURE_HOSTS.huge);
  expect(page.status).toBe(200);
  expect(page.text).not.toContain('<script>alert');
  expect(page.text).not.toContain('<img src=x');
  expect(page.text).toContain('&lt;script&gt;alert(&quot;answer&quot;)&lt;/script&gt;');
  // The site's own <title>, made of markup, is shown as text.
  expect(page.text).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
  // Only the page's own scripts: none (the page works without any).
  expect(page.text.match(/<script/g)).toBeNull();
});

test('unknown and malformed ids get a 404 page', async () => {
  const app = gateway.app();
  for (const id of ['00000000-0000-4000-8000-000000000000', 'nope', '%3Cscript%3E']) {
    const response = await request(app).get(`/report/${id}`);
    expect(response.status).toBe(404);
    expect(response.headers['content-type']).toMatch(/text\/html/);
    expect(response.text).toContain('There is no report with this id');
    expect(response.text).not.toContain('<script>');
  }
});
