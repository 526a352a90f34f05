export { siteCheckWorkflow } from './site-check';
