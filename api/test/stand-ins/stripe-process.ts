import { createHmac } from 'node:crypto';
import { createServer } from 'node:http';
import { startStripeStandIn } from './stripe-server.ts';

/**
 * The Stripe stand-in as a process of its own, for the end-to-end suite: Stripe's API on
 * STRIPE_STAND_IN_PORT, and on the next port a control API that plays what Stripe does by itself,
 * each followed by the signed webhooks Stripe would send to WEBHOOK_URL (signed with
 * WEBHOOK_SECRET, as Stripe signs them):
 *
 * - POST /checkouts/<id>/complete: the person paid the Checkout (checkout.session.completed);
 * - POST /subscriptions/<id>/fail-renewal: the renewal's card was declined (invoice.payment_failed,
 *   customer.subscription.updated past_due);
 * - POST /subscriptions/<id>/recover: the card was mended and the retry paid (invoice.paid,
 *   customer.subscription.updated active).
 *
 * Each answers `{subscriptionId}` once the webhooks were delivered, with the API's answers.
 * Run: node --import tsx test/stand-ins/stripe-process.ts (from api/).
 */
const port = Number(process.env.STRIPE_STAND_IN_PORT);
const webhookUrl = process.env.WEBHOOK_URL;
const secret = process.env.WEBHOOK_SECRET;
if (!port || !webhookUrl || !secret) throw new Error('Set STRIPE_STAND_IN_PORT, WEBHOOK_URL and WEBHOOK_SECRET');

const stand = await startStripeStandIn(port);
let sequence = 0;

/** Sends one event to the API as Stripe does: `Stripe-Signature: t=<time>,v1=<HMAC-SHA256 of "time.payload">`. */
async function deliver(type: string, object: unknown): Promise<unknown> {
  sequence += 1;
  const created = Math.floor(Date.now() / 1000);
  const payload = JSON.stringify({ id: `evt_stand_in_${sequence}`, object: 'event', type, created, data: { object } });
  const signature = createHmac('sha256', secret!).update(`${created}.${payload}`).digest('hex');
  const response = await fetch(webhookUrl!, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'stripe-signature': `t=${created},v1=${signature}` },
    body: payload,
  });
  return { type, status: response.status, answer: await response.json() };
}

const control = createServer(async (request, response) => {
  const answer = (status: number, body: unknown) => {
    response.writeHead(status, { 'content-type': 'application/json' });
    response.end(JSON.stringify(body));
  };
  const path = new URL(request.url ?? '/', 'http://control').pathname;
  try {
    let match = /^\/checkouts\/([^/]+)\/complete$/.exec(path);
    if (request.method === 'POST' && match) {
      const checkout = stand.checkoutSessions.get(match[1]!);
      if (!checkout) return answer(404, { error: 'No such checkout' });
      const subscriptionId = stand.complete(checkout.id);
      const delivered = await deliver('checkout.session.completed', {
        id: checkout.id,
        object: 'checkout.session',
        client_reference_id: checkout.client_reference_id,
        payment_status: 'paid',
        subscription: subscriptionId,
        customer: stand.subscriptions.get(subscriptionId)!.customer,
      });
      return answer(200, { subscriptionId, delivered: [delivered] });
    }
    match = /^\/subscriptions\/([^/]+)\/(fail-renewal|recover)$/.exec(path);
    if (request.method === 'POST' && match) {
      const subscriptionId = match[1]!;
      if (!stand.subscriptions.has(subscriptionId)) return answer(404, { error: 'No such subscription' });
      const invoice = match[2] === 'fail-renewal' ? stand.failRenewal(subscriptionId) : stand.recover(subscriptionId);
      const delivered = [
        await deliver(match[2] === 'fail-renewal' ? 'invoice.payment_failed' : 'invoice.paid', invoice),
        await deliver('customer.subscription.updated', stand.subscriptions.get(subscriptionId)),
      ];
      return answer(200, { subscriptionId, delivered });
    }
    return answer(404, { error: 'No such control' });
  } catch (error) {
    return answer(500, { error: error instanceof Error ? error.message : String(error) });
  }
});
await new Promise<void>((resolve) => control.listen(port + 1, '127.0.0.1', resolve));
console.log(`Stripe stand-in listening on ${port}, control on ${port + 1}`);
