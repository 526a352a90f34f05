import { surfacePresenceOf, surfaceVsApiOf, type SurfaceEntry } from '../../../domain/brand/report/surfaces';

/** A brand report's surface figures: presence over the questions a surface could answer, and surface against API beyond noise. */

const entries = (
  platformId: string,
  platform: string,
  statuses: SurfaceEntry['status'][],
  mentioned: (index: number) => boolean,
): SurfaceEntry[] =>
  statuses.map((status, index) => ({
    platformId,
    platform,
    status,
    unbranded: true,
    counted: status === 'answered',
    mentioned: status === 'answered' && mentioned(index),
    firstRecommended: false,
  }));

test('presence counts shown answers over the questions asked there; unavailable and failed ones are in neither', () => {
  const overviews = entries(
    'google-ai-overviews',
    'Google AI Overviews',
    ['answered', 'no-answer', 'no-answer', 'answered', 'unavailable', 'error'],
    () => true,
  );
  expect(surfacePresenceOf([...overviews, ...entries('gemini', 'Gemini', ['answered'], () => true)])).toEqual([
    {
      platformId: 'google-ai-overviews',
      platform: 'Google AI Overviews',
      shown: expect.objectContaining({ count: 2, total: 4, value: 0.5 }),
      unavailable: 1,
    },
  ]);
});

test('surface and API that differ beyond noise get a verdict and the sentence; a small sample agrees within noise', () => {
  const twenty = Array.from({ length: 20 }, () => 'answered' as const);
  const [big] = surfaceVsApiOf([
    ...entries('google-ai-mode', 'Google AI Mode', twenty, (index) => index < 4),
    ...entries('gemini', 'Gemini', twenty, (index) => index < 12),
  ]);
  expect(big).toMatchObject({
    verdict: 'api-overstates',
    mentionRate: { differs: true },
    sentence: "Google AI Mode names you in 20% of answers, Gemini's API in 60%: the API overstates what people see.",
  });

  const three = Array.from({ length: 3 }, () => 'answered' as const);
  const [small] = surfaceVsApiOf([
    ...entries('chatgpt-app', 'ChatGPT (app)', three, () => false),
    ...entries('chatgpt', 'ChatGPT', three, (index) => index < 2),
  ]);
  expect(small).toMatchObject({ verdict: 'agree', mentionRate: { differs: false } });
  expect(small!.sentence).toMatch(/no difference beyond noise/);

  // Only one side asked: nothing to compare.
  expect(surfaceVsApiOf(entries('google-ai-mode', 'Google AI Mode', twenty, () => true))).toEqual([]);
});
