import type { FastifyBaseLogger } from 'fastify';
import type { PaymentWebhookReply } from '@reelmint/contract/billing-api';
import { AppError } from '../http/errors.ts';
import type { Services } from '../services.ts';
import { applyPaymentEvent } from './payment-events.ts';
import { WebhookVersionError } from './provider.ts';

/**
 * A provider's webhook, verified on the exact bytes received, then applied like every payment event (once). A checkout
 * that may not be paid but was ends its subscription at the provider and gives the money back.
 */
export async function receivePaymentWebhook(
  services: Services,
  body: unknown,
  signature: string | undefined,
  log: FastifyBaseLogger,
): Promise<PaymentWebhookReply> {
  const parse = services.payments.parseWebhook;
  if (!parse) throw new AppError(404, 'WEBHOOK_NOT_CONFIGURED', 'No payment provider webhook is enabled');
  if (!Buffer.isBuffer(body)) throw new AppError(400, 'VALIDATION_ERROR', 'Webhook body must be JSON');
  let event;
  try {
    event = parse.call(services.payments, body, signature);
  } catch (error) {
    if (error instanceof WebhookVersionError) throw new AppError(400, 'WEBHOOK_API_VERSION', error.message);
    throw new AppError(400, 'INVALID_SIGNATURE', 'Webhook signature verification failed');
  }
  const { outcome } = await applyPaymentEvent(services, event);
  if (outcome === 'refused' && event.type === 'checkout.completed' && event.providerSubscriptionId && services.payments.endNow) {
    // Money arrived for a checkout that may not be paid: end that second subscription now, rather
    // than let it bill beside the one in force, and give the payment back. The event is
    // acknowledged either way; a failure here is left for the operator, since Stripe does not
    // deliver an acknowledged event again.
    try {
      const { refundedCents } = await services.payments.endNow(event.providerSubscriptionId, 'payment');
      log.warn({ subscription: event.providerSubscriptionId, refundedCents }, 'ended and refunded a subscription whose checkout was refused');
    } catch (error) {
      log.error({ err: error, subscription: event.providerSubscriptionId }, 'could not end and refund a refused subscription at the provider');
    }
  }
  return { received: true, outcome };
}
