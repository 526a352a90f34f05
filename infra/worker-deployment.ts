import type { temporal } from '@temporalio/proto';
import type { Config } from '../domain/shared/config';

type WorkflowService = temporal.api.workflowservice.v1.WorkflowService;

/**
 * Makes this build's Worker Deployment Version the deployment's current one (what `temporal worker
 * deployment set-current-version --allow-no-pollers` does): new runs start on it and stay pinned to
 * it; runs already pinned to an older version finish there, on that version's workers. No pollers
 * needed: services:up sets it before any worker starts. Setting the version that is already current
 * changes nothing.
 */
export async function setCurrentVersion(
  service: WorkflowService,
  { namespace, deployment }: Pick<Config['temporal'], 'namespace' | 'deployment'>,
  identity: string,
): Promise<void> {
  await service.setWorkerDeploymentCurrentVersion({
    namespace,
    deploymentName: deployment.name,
    buildId: deployment.buildId,
    allowNoPollers: true,
    identity,
  });
}

/** The deployment's current version's build id, or undefined when it has none (or no such deployment). */
export async function currentBuildId(
  service: WorkflowService,
  { namespace, deployment }: Pick<Config['temporal'], 'namespace' | 'deployment'>,
): Promise<string | undefined> {
  try {
    const { workerDeploymentInfo } = await service.describeWorkerDeployment({ namespace, deploymentName: deployment.name });
    return workerDeploymentInfo?.routingConfig?.currentDeploymentVersion?.buildId ?? undefined;
  } catch (error) {
    if ((error as { code?: number }).code === 5) return undefined; // gRPC NOT_FOUND: no worker of it has polled yet
    throw error;
  }
}
