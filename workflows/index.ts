export { siteCheckWorkflow } from './site-check';
export { brandDiagnosisWorkflow } from './brand-diagnosis';
export { articleCheckWorkflow } from './article-check';
export { deliverWebhookWorkflow } from './webhook';
export { rangeRefreshWorkflow } from './range-refresh';
export { crawlerTrafficWorkflow } from './crawler-traffic';
