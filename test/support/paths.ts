import { join } from 'node:path';
import { DATA_DIR } from '../../scripts/local-stack/paths';

export const WORKFLOW_BUNDLE_PATH = join(DATA_DIR, 'test', 'workflow-bundle.js');
