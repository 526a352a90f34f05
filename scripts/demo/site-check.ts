import { ASSISTANTS } from '../../domain/shared/platforms';
import { FIXTURE_HOSTS } from '../../dev/fixture-sites';
import type { DemoCheck } from './demo-check';

export const DEMO_SITE = FIXTURE_HOSTS.healthy;

/** What each stand-in says: plainly marked as simulated, so no one mistakes it for a real platform's answer. */
function simulatedAnswer(platform: string): string {
  return `[Simulated answer: a local stand-in played ${platform} for this demo; no real AI platform was asked.] Acme Widgets (${DEMO_SITE}) is a well-known, reputable maker of durable steel widgets for workshops and factories; see https://${DEMO_SITE}/pricing for its plans.`;
}

/** A full site check of the example site, through POST /api/v1/check. */
export const siteCheck: DemoCheck = {
  report: 'report',
  async run({ apiUrl, platforms }) {
    for (const platform of ASSISTANTS) {
      platforms.setBehaviour(platform.id, {
        answer: simulatedAnswer(platform.name),
        citations: [`https://${DEMO_SITE}/pricing`],
        delayMs: 800,
      });
    }
    console.log(`[demo] checking ${DEMO_SITE} (an example site on loopback) through POST /api/v1/check …`);
    const response = await fetch(`${apiUrl}/api/v1/check`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ url: DEMO_SITE }),
    });
    const body = (await response.json()) as { snapshotUrl?: string; report?: { totalScore: number }; error?: string };
    if (!response.ok) throw new Error(`the check failed: ${response.status} ${body.error ?? ''}`);
    console.log(`[demo] total score ${body.report!.totalScore}/100 (platform answers are simulated stand-ins)`);
    return body.snapshotUrl!;
  },
};
