// The crawler-log upload form: sends the file as the request body (XMLHttpRequest, for its upload
// progress), then follows the check's events and links its report.
const form = document.getElementById('crawler-log');
const bar = document.getElementById('log-progress');
const status = document.getElementById('status');
const steps = document.getElementById('steps');
const result = document.getElementById('result');

function say(text) {
  status.textContent = text;
}

function upload(file, domain) {
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open('POST', `/api/v1/crawler-logs?domain=${encodeURIComponent(domain)}`);
    request.setRequestHeader('content-type', file.name.endsWith('.gz') ? 'application/gzip' : 'text/plain');
    request.responseType = 'json';
    request.upload.onprogress = (event) => {
      if (event.lengthComputable) bar.value = Math.round((event.loaded / event.total) * 100);
    };
    request.onload = () =>
      request.status === 202 ? resolve(request.response) : reject(new Error(messageOf(request.response, request.status)));
    request.onerror = () => reject(new Error('the upload was cut off'));
    request.send(file);
  });
}

function messageOf(body, status) {
  const error = body?.error ?? `HTTP ${status}`;
  return body?.unreadLines?.length ? `${error}:\n${body.unreadLines.join('\n')}` : error;
}

function follow({ eventsUrl, reportUrl }) {
  const events = new EventSource(eventsUrl);
  events.onmessage = (message) => {
    const event = JSON.parse(message.data);
    if (event.type === 'progress' && event.status !== 'started') {
      const item = document.createElement('li');
      item.className = event.status === 'failed' ? 'fail' : 'pass';
      item.textContent = `${event.status === 'failed' ? '✗' : '✓'} ${event.message}`;
      steps.append(item);
    } else if (event.type === 'summary') {
      events.close();
      say('The log is read.');
      const link = document.createElement('a');
      link.href = reportUrl;
      link.textContent = 'Open the crawler traffic report';
      result.replaceChildren(link);
    } else if (event.type === 'error') {
      events.close();
      say(`The check failed: ${event.error}`);
    }
  };
}

form.addEventListener('submit', async (submitted) => {
  submitted.preventDefault();
  const file = form.elements.log.files[0];
  if (!file) return;
  const button = form.querySelector('button');
  button.disabled = true;
  bar.hidden = false;
  bar.value = 0;
  steps.replaceChildren();
  result.replaceChildren();
  say(`Uploading ${file.name}…`);
  try {
    const accepted = await upload(file, form.elements.domain.value.trim());
    say(`Uploaded ${accepted.lines.toLocaleString('en-US')} lines (${accepted.format}); reading them…`);
    follow(accepted);
  } catch (error) {
    say(`Not accepted: ${error.message}`);
  } finally {
    button.disabled = false;
  }
});
