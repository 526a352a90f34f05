export { siteCheckWorkflow } from './site-check';
export { brandDiagnosisWorkflow } from './brand-diagnosis';
