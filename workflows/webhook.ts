import { proxyActivities } from '@temporalio/workflow';
import { INTERNAL_FAILURE } from '../contract/failures';
import type { DeliveryActivities } from './stage-options';

/**
 * Delivery of one alert, tried now, then after 5 s, 15 s, 45 s … (×3, at most 4 h apart) for up to
 * 24 hours. The workflow ID is `webhook-<alertId>`, started once per alert: one alert, one delivery id.
 */
const delivery = proxyActivities<DeliveryActivities>({
  startToCloseTimeout: '30 seconds',
  scheduleToCloseTimeout: '24 hours',
  retry: {
    initialInterval: '5 seconds',
    backoffCoefficient: 3,
    maximumInterval: '4 hours',
    nonRetryableErrorTypes: [INTERNAL_FAILURE.webhookRefused],
  },
});

export interface DeliverWebhookInput {
  monitorId: string;
  alertId: string;
}

export async function deliverWebhookWorkflow(input: DeliverWebhookInput): Promise<string> {
  return delivery.deliverWebhook(input);
}
