import { brandDiagnosis } from './brand-diagnosis';
import type { DemoCheck } from './demo-check';
import { shoppingDiagnosis } from './shopping-diagnosis';
import { siteCheck } from './site-check';

/** The demo's checks, in the order they run (each sets the stand-ins' answers for itself): a new kind's demo is one more entry. */
export const DEMO_CHECKS: readonly DemoCheck[] = [siteCheck, brandDiagnosis, shoppingDiagnosis];
