// The web version's only script: submits the form to POST /api/check and shows the Server-Sent Events as they come.
import { createParser } from '/assets/eventsource-parser.js';

const form = document.querySelector('form.check');
const input = form.querySelector('input[name="url"]');
const button = form.querySelector('button');
const status = document.getElementById('status');
const steps = document.getElementById('steps');
const result = document.getElementById('result');

const SYMBOL = { started: '…', done: '✓', failed: '✗' };

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

function showReport(event) {
  const { report, snapshotUrl } = event;
  result.replaceChildren();
  const heading = document.createElement('h2');
  heading.textContent = `${report.domain}: ${Math.round(report.totalScore)}/100`;
  const scores = document.createElement('p');
  scores.textContent = `Crawler reachability ${Math.round(report.crawlerScore)}/100 · AI awareness ${Math.round(report.memoryScore)}/100 · ${report.issues.length} issue(s) with fixes`;
  const link = document.createElement('a');
  link.href = snapshotUrl;
  link.textContent = 'Open the full report';
  link.className = 'open-report';
  result.append(heading, scores, link);
  say(`The check of ${report.domain} is done.`);
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

form.addEventListener('submit', async (submit) => {
  submit.preventDefault();
  steps.replaceChildren();
  result.replaceChildren();
  button.disabled = true;
  say(`Checking ${input.value}… this takes up to a minute or two.`);
  try {
    const response = await fetch('/api/check', {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'text/event-stream' },
      body: JSON.stringify({ url: input.value }),
    });
    if (!response.ok || !response.headers.get('content-type')?.startsWith('text/event-stream')) {
      showError(await explainRefusal(response));
      return;
    }
    let finished = false;
    const parser = createParser({
      onEvent(message) {
        const event = JSON.parse(message.data);
        if (event.type === 'step') showStep(event);
        else if (event.type === 'report') {
          finished = true;
          showReport(event);
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
});
