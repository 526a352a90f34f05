import { askAttemptTimeoutMs, DEFAULT_ANSWER_TIMEOUT_MS } from '../../../domain/shared/answer-timeouts';
import { choosePlatforms } from '../../../domain/shared/platform-choice';
import { PLATFORMS, platformDefinition, platformTimeoutMs, type PlatformId } from '../../../domain/shared/platforms';

const configured = Object.fromEntries(PLATFORMS.map((platform) => [platform.id, { apiKey: 'key' }])) as Record<
  PlatformId,
  { apiKey: string }
>;

test("ChatGPT's app may take longer than DataForSEO's 90 s live scraper; the assistants and Google's surfaces keep the client's 60 s", () => {
  expect(platformTimeoutMs(platformDefinition('chatgpt-app'))).toBeGreaterThan(90_000);
  for (const id of ['chatgpt', 'claude', 'gemini', 'perplexity', 'deepseek', 'google-ai-mode', 'google-ai-overviews'] as const)
    expect(platformTimeoutMs(platformDefinition(id))).toBe(DEFAULT_ANSWER_TIMEOUT_MS);
  expect(DEFAULT_ANSWER_TIMEOUT_MS).toBe(60_000);
});

test("every platform's ask attempt outlasts its request limit, so a slow answer times out as the platform's, not as the activity's", () => {
  for (const platform of PLATFORMS) expect(askAttemptTimeoutMs(platformTimeoutMs(platform))).toBeGreaterThan(platformTimeoutMs(platform));
  // The attempt limit of a run recorded before platforms stated theirs: 70 s, as it was.
  expect(askAttemptTimeoutMs()).toBe(70_000);
});

test('a run records each platform’s limit at its start, with the platforms it asks', () => {
  const run = choosePlatforms(configured, { scope: 'survey', requested: ['chatgpt', 'chatgpt-app'] });
  expect(run).toEqual([
    { id: 'chatgpt', name: 'ChatGPT', timeoutMs: 60_000 },
    { id: 'chatgpt-app', name: 'ChatGPT (app)', timeoutMs: platformTimeoutMs(platformDefinition('chatgpt-app')) },
  ]);
});
