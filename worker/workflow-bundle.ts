import { bundleWorkflowCode, type BundleOptions, type WorkflowBundleWithSourceMap } from '@temporalio/worker';

/** The workflows and their interceptors (the checks' metrics), bundled alike by the worker, the tests and the history recorder. */
export function bundleWorkflows(
  options: Omit<BundleOptions, 'workflowsPath' | 'workflowInterceptorModules'> = {},
): Promise<WorkflowBundleWithSourceMap> {
  return bundleWorkflowCode({
    workflowsPath: require.resolve('../workflows'),
    workflowInterceptorModules: [require.resolve('../workflows/check-metrics')],
    ...options,
  });
}
