import { patched } from '@temporalio/workflow';
import type { RunPlatform } from '../domain/shared/platforms';
import type { PlatformChoice } from '../domain/shared/platform-choice';
import { local } from './stage-options';

/** Runs started before the list was recorded replay without the marker, and with the platforms of their day. */
const RECORDED_PLATFORMS_PATCH = 'recorded-platform-list';

/** The five platforms every run asked before the list was recorded: frozen here, whatever the registry becomes. */
const PLATFORMS_BEFORE_RECORDING: readonly RunPlatform[] = [
  { id: 'chatgpt', name: 'ChatGPT' },
  { id: 'claude', name: 'Claude' },
  { id: 'gemini', name: 'Gemini' },
  { id: 'perplexity', name: 'Perplexity' },
  { id: 'deepseek', name: 'DeepSeek' },
];

/**
 * The platforms this run asks, read once at its start by a local activity and so kept in its history:
 * a deployment that adds (or removes) a platform changes the runs that start after it, and never the
 * commands of a run in flight when it replays. Workflow code never reads the registry itself.
 */
export async function platformsOfRun(choice?: PlatformChoice): Promise<readonly RunPlatform[]> {
  return patched(RECORDED_PLATFORMS_PATCH) ? await local.listPlatforms(choice) : PLATFORMS_BEFORE_RECORDING;
}
