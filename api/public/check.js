// The web version's only script: sends a check form to its streaming endpoint and shows the
// Server-Sent Events as they come: steps (site check) or progress (brand, article), then the result.
import { createParser } from '/assets/eventsource-parser.js';

const status = document.getElementById('status');
const steps = document.getElementById('steps');
const result = document.getElementById('result');

const SYMBOL = { started: '…', waiting: '⧗', done: '✓', failed: '✗' };

function say(text) {
  status.textContent = text;
}

function showStep(event) {
  const id = `step-${event.stage.replace(/[^a-z0-9-]/gi, '-')}`;
  let item = document.getElementById(id);
  if (!item) {
    item = document.createElement('li');
    item.id = id;
    steps.append(item);
  }
  item.className = event.status === 'failed' ? 'fail' : event.status === 'done' ? 'pass' : '';
  item.textContent = `${SYMBOL[event.status] ?? ''} ${event.message}`;
}

/** A finished check: its headline as the server words it for its kind (api/kinds/), and the report's link. */
function showResult({ title, figures, done }, reportUrl) {
  result.replaceChildren();
  const heading = document.createElement('h2');
  heading.textContent = title;
  const line = document.createElement('p');
  line.textContent = figures;
  const link = document.createElement('a');
  link.href = reportUrl;
  link.textContent = 'Open the full report';
  link.className = 'open-report';
  result.append(heading, line, link);
  say(done);
  link.focus();
}

function showError(message) {
  result.replaceChildren();
  const paragraph = document.createElement('p');
  paragraph.className = 'fail';
  paragraph.setAttribute('role', 'alert');
  paragraph.textContent = message;
  result.append(paragraph);
  say('The check did not complete.');
}

async function explainRefusal(response) {
  const body = await response.json().catch(() => ({}));
  if (response.status === 429 && body.resetAt) {
    return `Too many checks from your address this hour. You can check again after ${new Date(body.resetAt).toLocaleTimeString()}.`;
  }
  return body.error ?? `The service answered ${response.status}.`;
}

/** The form as the endpoint's JSON body: empty optional fields left out, comma lists as arrays. */
function bodyOf(form) {
  const body = {};
  for (const input of form.querySelectorAll('input[name]:not([type="checkbox"])')) {
    const value = input.value.trim();
    if (value === '' && !input.required) continue;
    body[input.name] = input.dataset.list
      ? value
          .split(',')
          .map((name) => name.trim())
          .filter(Boolean)
      : value;
  }
  // The market picker's rows with a country: one is `market`, several `markets` (api/pages/market-picker.ts).
  const markets = [...form.querySelectorAll('.market-row')].flatMap((row) => {
    const field = (name) => row.querySelector(`[data-market="${name}"]`)?.value.trim() ?? '';
    if (!field('country')) return [];
    return [{ country: field('country'), language: field('language'), ...(field('city') ? { city: field('city') } : {}) }];
  });
  if (markets.length === 1) body.market = markets[0];
  if (markets.length > 1) body.markets = markets;
  // The platform picker's checked boxes, as the API's `platforms` (api/pages/platform-picker.ts).
  if (form.querySelector('fieldset.platforms')) {
    body.platforms = [...form.querySelectorAll('fieldset.platforms input[name="platforms"]:checked')].map((box) => box.value);
  }
  return body;
}

/** A picker with nothing checked keeps its form from being sent, and says why. */
for (const picker of document.querySelectorAll('fieldset.platforms')) {
  const boxes = [...picker.querySelectorAll('input[name="platforms"]')];
  const check = () => boxes[0]?.setCustomValidity(boxes.some((box) => box.checked) ? '' : 'Choose at least one platform to ask.');
  picker.addEventListener('change', check);
  check();
}

/** "Add a market": another row like the first, up to the picker's limit. */
for (const picker of document.querySelectorAll('fieldset.markets')) {
  const add = picker.querySelector('.add-market');
  add?.addEventListener('click', () => {
    const rows = picker.querySelectorAll('.market-row');
    const copy = rows[0].cloneNode(true);
    for (const input of copy.querySelectorAll('input')) input.value = '';
    copy.querySelector('[data-market="country"]').value = '';
    rows[rows.length - 1].after(copy);
    if (rows.length + 1 >= Number(picker.dataset.markets)) add.disabled = true;
  });
}

async function run(form) {
  const button = form.querySelector('button');
  steps.replaceChildren();
  result.replaceChildren();
  button.disabled = true;
  say('Working… this takes a minute or two.');
  try {
    const response = await fetch(form.dataset.endpoint, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'text/event-stream' },
      body: JSON.stringify(bodyOf(form)),
    });
    if (!response.ok || !response.headers.get('content-type')?.startsWith('text/event-stream')) {
      showError(await explainRefusal(response));
      return;
    }
    let finished = false;
    const parser = createParser({
      onEvent(message) {
        const event = JSON.parse(message.data);
        if (event.type === 'step' || event.type === 'progress') showStep(event);
        else if (event.type === 'report' || event.type === 'summary') {
          finished = true;
          showResult(event.headline, event.snapshotUrl ?? event.reportUrl);
        } else if (event.type === 'error') {
          finished = true;
          showError(event.error);
        }
      },
    });
    const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
    for (;;) {
      const { value, done } = await reader.read();
      if (done) break;
      parser.feed(value);
    }
    if (!finished) showError('The connection closed before the check finished. Please try again.');
  } catch {
    showError('The service could not be reached. Please try again.');
  } finally {
    button.disabled = false;
  }
}

for (const form of document.querySelectorAll('form[data-endpoint]')) {
  form.addEventListener('submit', (submit) => {
    submit.preventDefault();
    void run(form);
  });
}
