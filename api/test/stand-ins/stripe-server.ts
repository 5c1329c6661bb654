import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One request as the stand-in received it, its form body decoded into nested objects. */
export interface StripeCall {
  method: string;
  path: string;
  body: Record<string, unknown>;
}

interface Price {
  id: string;
  object: 'price';
  product: string;
  unit_amount: number;
  currency: string;
  recurring: { interval: 'month' | 'year'; interval_count: 1 };
}

interface Subscription {
  id: string;
  object: 'subscription';
  status: 'active' | 'past_due' | 'unpaid' | 'canceled';
  customer: string;
  cancel_at_period_end: boolean;
  schedule: string | null;
  latest_invoice: string | null;
  metadata: Record<string, unknown>;
  items: {
    object: 'list';
    data: Array<{ id: string; object: 'subscription_item'; price: Price; quantity: number; current_period_start: number; current_period_end: number }>;
  };
}

interface Phase {
  start_date: number;
  end_date: number | null;
  items: Array<{ price: string | null; price_data: Record<string, unknown> | null; quantity: number }>;
}

interface Schedule {
  id: string;
  object: 'subscription_schedule';
  subscription: string;
  status: 'active' | 'released';
  end_behavior: string;
  phases: Phase[];
}

export interface Invoice {
  id: string;
  object: 'invoice';
  billing_reason: 'subscription_create' | 'subscription_update' | 'subscription_cycle';
  status: 'open' | 'paid';
  amount_due: number;
  amount_paid: number;
  customer: string;
  parent: { type: 'subscription_details'; subscription_details: { subscription: string } };
  lines: { object: 'list'; data: InvoiceLine[] };
  /** Includable (`expand[]=…payments`): the payment that paid it, a PaymentIntent. */
  payments: {
    object: 'list';
    data: Array<{ id: string; object: 'invoice_payment'; amount_paid: number; status: 'paid'; payment: { type: 'payment_intent'; payment_intent: string } }>;
  };
}

/** A refund as Stripe keeps it. */
export interface Refund {
  id: string;
  object: 'refund';
  payment_intent: string;
  amount: number;
  reason: string | null;
  status: 'succeeded';
}

/**
 * A line as Stripe's current API shows it: a proration (the unused time of an old price, negative,
 * or the rest of a period on a new one) comes from an invoice item; the new period's price from the
 * subscription item.
 */
interface InvoiceLine {
  id: string;
  object: 'line_item';
  amount: number;
  period: { start: number; end: number };
  parent: {
    type: 'invoice_item_details' | 'subscription_item_details';
    invoice_item_details: { invoice_item: string; proration: boolean; subscription: string } | null;
    subscription_item_details: { invoice_item: null; proration: boolean; subscription: string; subscription_item: string } | null;
  };
  pricing: { type: 'price_details'; price_details: { price: string; product: string }; unit_amount_decimal: string };
}

/**
 * The parameters each endpoint the provider calls takes (top-level names), as Stripe's API reference
 * and the SDK's params types list them: Stripe answers any other with 400 "Received unknown parameter".
 */
const KNOWN_PARAMETERS: Array<{ method: string; path: RegExp; names: string[] }> = [
  {
    method: 'POST',
    path: /^\/v1\/checkout\/sessions$/,
    names: [
      'mode',
      'customer',
      'customer_creation',
      'client_reference_id',
      'metadata',
      'payment_intent_data',
      'subscription_data',
      'line_items',
      'success_url',
      'cancel_url',
      'expand',
    ],
  },
  { method: 'POST', path: /^\/v1\/checkout\/sessions\/[^/]+\/expire$/, names: ['expand'] },
  { method: 'POST', path: /^\/v1\/products$/, names: ['id', 'name', 'expand'] },
  {
    method: 'POST',
    path: /^\/v1\/subscriptions\/[^/]+$/,
    names: ['items', 'proration_behavior', 'billing_cycle_anchor', 'payment_behavior', 'cancel_at_period_end', 'expand'],
  },
  { method: 'DELETE', path: /^\/v1\/subscriptions\/[^/]+$/, names: ['invoice_now', 'prorate', 'cancellation_details', 'expand'] },
  { method: 'POST', path: /^\/v1\/subscription_schedules$/, names: ['from_subscription', 'expand'] },
  { method: 'POST', path: /^\/v1\/subscription_schedules\/[^/]+$/, names: ['end_behavior', 'phases', 'expand'] },
  { method: 'POST', path: /^\/v1\/subscription_schedules\/[^/]+\/release$/, names: ['preserve_cancel_date', 'expand'] },
  { method: 'POST', path: /^\/v1\/refunds$/, names: ['payment_intent', 'charge', 'amount', 'reason', 'metadata', 'expand'] },
  { method: 'POST', path: /^\/v1\/billing_portal\/sessions$/, names: ['customer', 'return_url', 'configuration', 'locale', 'flow_data', 'expand'] },
];

function unknownParameter(method: string, path: string, body: Record<string, unknown>): string | null {
  const rule = KNOWN_PARAMETERS.find((known) => known.method === method && known.path.test(path));
  if (!rule) return null;
  return Object.keys(body).find((name) => !rule.names.includes(name)) ?? null;
}

/** Decodes Stripe's form encoding (`items[0][price_data][unit_amount]=3900`) into nested objects and arrays. */
function decodeForm(text: string): Record<string, unknown> {
  const root: Record<string, unknown> = {};
  for (const [key, value] of new URLSearchParams(text)) {
    const parts = key.replace(/\]/g, '').split('[');
    let node: Record<string, unknown> = root;
    parts.forEach((part, index) => {
      if (index === parts.length - 1) {
        node[part] = value;
        return;
      }
      node[part] ??= /^\d+$/.test(parts[index + 1]!) ? [] : {};
      node = node[part] as Record<string, unknown>;
    });
  }
  return root;
}

const addInterval = (seconds: number, interval: 'month' | 'year') => {
  const date = new Date(seconds * 1000);
  if (interval === 'year') date.setUTCFullYear(date.getUTCFullYear() + 1);
  else date.setUTCMonth(date.getUTCMonth() + 1);
  return Math.floor(date.getTime() / 1000);
};

/** An error answer as Stripe sends it: the HTTP status and the error's type, message and code. */
export interface StripeErrorAnswer {
  status: number;
  type: string;
  message: string;
  code?: string;
}

const stripeError = (status: number, type: string, message: string, code?: string, param?: string) => ({
  status,
  json: { error: { type, message, ...(code ? { code } : {}), ...(param ? { param } : {}) } },
});

/** A Checkout session as the stand-in keeps it: `customer` is the one it was given, or made when it was paid. */
export interface StandInCheckout {
  id: string;
  /** The API's own session id, as it named it. */
  client_reference_id: string | null;
  mode: string;
  line_items: Array<{ price_data: Record<string, unknown> }>;
  status: string;
  customer: string | null;
  customer_creation: string | null;
}

/**
 * A local stand-in for the parts of Stripe's API the provider uses, reached by the real SDK
 * through its host/port/protocol options: Checkout sessions (create, for an existing customer or
 * not, expire), products,
 * customers (delete), subscriptions (retrieve; update with a new price, proration and `billing_cycle_anchor=now`,
 * which answers a new period and a paid invoice; cancel), and subscription schedules (create
 * from a subscription, update phases, release). As at Stripe, a subscription that a schedule
 * manages refuses direct updates, and a declined card fails the update with a 402 card error.
 * `complete`, `completePayment` and `renew` play what Stripe does on its own: a paid subscription
 * Checkout that creates the subscription, a paid one-time Checkout, and the end of a period
 * (entering a schedule's next phase). As at Stripe, a one-time Checkout makes a customer only when
 * asked (`customer_creation=always`; else the payer stays a guest, which no API call can delete).
 */
export async function startStripeStandIn(port = 0) {
  const calls: StripeCall[] = [];
  const checkoutSessions = new Map<string, StandInCheckout>();
  const subscriptions = new Map<string, Subscription>();
  const schedules = new Map<string, Schedule>();
  const products = new Map<string, { id: string; name: string }>();
  const invoices = new Map<string, Invoice>();
  const refunds = new Map<string, Refund>();
  const customers = new Map<string, { id: string; object: 'customer'; deleted: boolean }>();
  let sequence = 0;
  const nextId = (prefix: string) => `${prefix}_${(sequence += 1).toString().padStart(6, '0')}`;
  const now = () => Math.floor(Date.now() / 1000);
  /**
   * declineCards: card charges fail; down: Stripe answers every call with a server error (an outage);
   * checkoutError: the answer every Checkout session creation gets instead of a session (as Stripe sends it);
   * refuse: calls matching `method` and `path` get `error` instead of being carried out (the rest are served);
   * loseAnswer: the next call matching `method` and `path` is carried out, then its connection is closed unanswered
   * (`thenDown` makes Stripe down from then on).
   */
  const state: {
    declineCards: boolean;
    down: boolean;
    checkoutError: StripeErrorAnswer | null;
    refuse: { method: string; path: RegExp; error: StripeErrorAnswer } | null;
    loseAnswer: { method: string; path: RegExp; thenDown?: boolean } | null;
  } = {
    declineCards: false,
    down: false,
    checkoutError: null,
    refuse: null,
    loseAnswer: null,
  };

  const priceFrom = (data: Record<string, unknown>): Price => ({
    id: nextId('price'),
    object: 'price',
    product: String(data.product ?? nextId('prod')),
    unit_amount: Number(data.unit_amount),
    currency: String(data.currency),
    recurring: { interval: (data.recurring as { interval: 'month' | 'year' }).interval, interval_count: 1 },
  });

  const newCustomer = (): string => {
    const customer = { id: nextId('cus'), object: 'customer' as const, deleted: false };
    customers.set(customer.id, customer);
    return customer.id;
  };

  const pricingOf = (price: Price): InvoiceLine['pricing'] => ({
    type: 'price_details',
    price_details: { price: price.id, product: price.product },
    unit_amount_decimal: String(price.unit_amount),
  });

  /** Pays an open invoice with a new PaymentIntent (what a successful charge leaves behind). */
  const pay = (invoice: Invoice): void => {
    invoice.status = 'paid';
    invoice.amount_paid = invoice.amount_due;
    if (invoice.amount_paid > 0) {
      invoice.payments.data = [
        {
          id: nextId('inpay'),
          object: 'invoice_payment',
          amount_paid: invoice.amount_paid,
          status: 'paid',
          payment: { type: 'payment_intent', payment_intent: nextId('pi') },
        },
      ];
    }
  };

  /**
   * An invoice for the subscription's current period at its price, after `prorations` (an unused old
   * price's credit); paid at once unless `unpaid` (a card that fails).
   */
  const invoiceFor = (
    subscription: Subscription,
    reason: Invoice['billing_reason'],
    prorations: Array<{ amount: number; period: { start: number; end: number }; price: Price }> = [],
    unpaid = false,
  ): Invoice => {
    const item = subscription.items.data[0]!;
    const lines: InvoiceLine[] = prorations.map((proration) => ({
      id: nextId('il'),
      object: 'line_item',
      amount: proration.amount,
      period: proration.period,
      parent: {
        type: 'invoice_item_details',
        invoice_item_details: { invoice_item: nextId('ii'), proration: true, subscription: subscription.id },
        subscription_item_details: null,
      },
      pricing: pricingOf(proration.price),
    }));
    lines.push({
      id: nextId('il'),
      object: 'line_item',
      amount: item.price.unit_amount,
      period: { start: item.current_period_start, end: item.current_period_end },
      parent: {
        type: 'subscription_item_details',
        invoice_item_details: null,
        subscription_item_details: { invoice_item: null, proration: false, subscription: subscription.id, subscription_item: item.id },
      },
      pricing: pricingOf(item.price),
    });
    const invoice: Invoice = {
      id: nextId('in'),
      object: 'invoice',
      billing_reason: reason,
      status: 'open',
      // A credit larger than the new price stays with the customer as balance: nothing is charged then.
      amount_due: Math.max(
        0,
        lines.reduce((sum, line) => sum + line.amount, 0),
      ),
      amount_paid: 0,
      customer: subscription.customer,
      parent: { type: 'subscription_details', subscription_details: { subscription: subscription.id } },
      lines: { object: 'list', data: lines },
      payments: { object: 'list', data: [] },
    };
    if (!unpaid) pay(invoice);
    invoices.set(invoice.id, invoice);
    subscription.latest_invoice = invoice.id;
    return invoice;
  };

  /** The subscription with what was asked to be expanded: its latest invoice, with its payments. */
  const expanded = (subscription: Subscription, body: Record<string, unknown>) => {
    const expand = (body.expand as string[] | undefined) ?? [];
    if (!subscription.latest_invoice || !expand.some((path) => path.startsWith('latest_invoice'))) return subscription;
    const { payments, ...invoice } = invoices.get(subscription.latest_invoice)!;
    return { ...subscription, latest_invoice: expand.includes('latest_invoice.payments') ? { ...invoice, payments } : invoice };
  };

  const handle = (method: string, path: string, body: Record<string, unknown>): { status?: number; json: unknown } => {
    let match: RegExpExecArray | null;
    const unknown = unknownParameter(method, path, body);
    if (unknown) return stripeError(400, 'invalid_request_error', `Received unknown parameter: ${unknown}`, 'parameter_unknown', unknown);
    if (method === 'POST' && path === '/v1/checkout/sessions') {
      if (state.checkoutError) return stripeError(state.checkoutError.status, state.checkoutError.type, state.checkoutError.message, state.checkoutError.code);
      const customer = body.customer === undefined ? null : String(body.customer);
      const creation = body.customer_creation === undefined ? null : String(body.customer_creation);
      if (customer && creation) return stripeError(400, 'invalid_request_error', 'You may only specify one of these parameters: customer, customer_creation.');
      if (creation && body.mode === 'subscription') {
        return stripeError(400, 'invalid_request_error', '`customer_creation` can only be used in `payment` and `setup` mode.', undefined, 'customer_creation');
      }
      if (customer && (!customers.has(customer) || customers.get(customer)!.deleted)) {
        return stripeError(400, 'invalid_request_error', `No such customer: '${customer}'`, 'resource_missing', 'customer');
      }
      const id = nextId('cs_test');
      checkoutSessions.set(id, {
        id,
        client_reference_id: body.client_reference_id === undefined ? null : String(body.client_reference_id),
        mode: String(body.mode),
        line_items: body.line_items as StandInCheckout['line_items'],
        status: 'open',
        customer,
        customer_creation: creation,
      });
      return { json: { id, object: 'checkout.session', mode: body.mode, status: 'open', customer, url: `https://checkout.stripe.com/c/pay/${id}` } };
    }
    if (method === 'POST' && (match = /^\/v1\/checkout\/sessions\/([^/]+)\/expire$/.exec(path))) {
      const session = checkoutSessions.get(match[1]!);
      if (!session) return stripeError(404, 'invalid_request_error', 'No such checkout.session', 'resource_missing');
      session.status = 'expired';
      return { json: { id: session.id, object: 'checkout.session', status: 'expired' } };
    }
    if (method === 'GET' && (match = /^\/v1\/products\/([^/]+)$/.exec(path))) {
      const product = products.get(match[1]!);
      return product
        ? { json: { ...product, object: 'product' } }
        : stripeError(404, 'invalid_request_error', `No such product: '${match[1]}'`, 'resource_missing');
    }
    if (method === 'POST' && path === '/v1/products') {
      const id = String(body.id ?? nextId('prod'));
      if (products.has(id)) return stripeError(400, 'invalid_request_error', 'Product already exists.', 'resource_already_exists');
      products.set(id, { id, name: String(body.name) });
      return { json: { id, object: 'product', name: body.name } };
    }
    if ((match = /^\/v1\/subscriptions\/([^/]+)$/.exec(path))) {
      const subscription = subscriptions.get(match[1]!);
      if (!subscription) return stripeError(404, 'invalid_request_error', 'No such subscription', 'resource_missing');
      if (method === 'GET') return { json: expanded(subscription, body) };
      if (method === 'DELETE') {
        if (subscription.status === 'canceled')
          return stripeError(400, 'invalid_request_error', `No such subscription: '${subscription.id}'`, 'resource_missing');
        subscription.status = 'canceled';
        return { json: subscription };
      }
      // Stripe's answer to any update of an ended subscription but these two fields.
      if (subscription.status === 'canceled' && Object.keys(body).some((name) => !['cancellation_details', 'metadata', 'expand'].includes(name))) {
        return stripeError(400, 'invalid_request_error', 'A canceled subscription can only update its cancellation_details and metadata.');
      }
      if (subscription.schedule) {
        return stripeError(
          400,
          'invalid_request_error',
          `The subscription is managed by the subscription schedule \`${subscription.schedule}\`, and updating any cancelation behavior directly is not allowed. Please update the schedule instead.`,
        );
      }
      if (body.cancel_at_period_end !== undefined) subscription.cancel_at_period_end = body.cancel_at_period_end === 'true';
      const items = body.items as Array<{ id: string; price_data: Record<string, unknown> }> | undefined;
      if (items) {
        if (state.declineCards) return stripeError(402, 'card_error', 'Your card was declined.', 'card_declined');
        const item = subscription.items.data[0]!;
        const price = priceFrom(items[0]!.price_data);
        const at = now();
        const unused = Math.floor((item.price.unit_amount * (item.current_period_end - at)) / (item.current_period_end - item.current_period_start));
        const unusedPeriod = { start: at, end: item.current_period_end };
        const oldPrice = item.price;
        item.price = price;
        // Older API versions send `billing_cycle_anchor=now`, newer ones `billing_cycle_anchor[type]=now`.
        const anchor = body.billing_cycle_anchor as string | { type?: string } | undefined;
        if (anchor === 'now' || (typeof anchor === 'object' && anchor.type === 'now')) {
          item.current_period_start = at;
          item.current_period_end = addInterval(at, price.recurring.interval);
        }
        invoiceFor(subscription, 'subscription_update', unused > 0 ? [{ amount: -unused, period: unusedPeriod, price: oldPrice }] : []);
      }
      return { json: expanded(subscription, body) };
    }
    if (method === 'POST' && path === '/v1/refunds') {
      const paymentIntent = String(body.payment_intent ?? '');
      const paid = [...invoices.values()].flatMap((invoice) => invoice.payments.data).find((payment) => payment.payment.payment_intent === paymentIntent);
      if (!paid) return stripeError(400, 'invalid_request_error', `No such payment_intent: '${paymentIntent}'`, 'resource_missing', 'payment_intent');
      const refunded = [...refunds.values()].filter((refund) => refund.payment_intent === paymentIntent).reduce((sum, refund) => sum + refund.amount, 0);
      const amount = body.amount === undefined ? paid.amount_paid - refunded : Number(body.amount);
      if (!Number.isInteger(amount) || amount <= 0 || amount > paid.amount_paid - refunded) {
        return stripeError(400, 'invalid_request_error', `Refund amount (${amount}) is greater than unrefunded amount on charge`, 'amount_too_large', 'amount');
      }
      const reasons = ['duplicate', 'fraudulent', 'requested_by_customer'];
      if (body.reason !== undefined && !reasons.includes(String(body.reason)))
        return stripeError(400, 'invalid_request_error', 'Invalid reason', undefined, 'reason');
      const refund: Refund = {
        id: nextId('re'),
        object: 'refund',
        payment_intent: paymentIntent,
        amount,
        reason: body.reason === undefined ? null : String(body.reason),
        status: 'succeeded',
      };
      refunds.set(refund.id, refund);
      return { json: refund };
    }
    if (method === 'POST' && path === '/v1/billing_portal/sessions') {
      const customer = String(body.customer ?? '');
      if (!customers.has(customer) || customers.get(customer)!.deleted)
        return stripeError(400, 'invalid_request_error', `No such customer: '${customer}'`, 'resource_missing', 'customer');
      if (typeof body.return_url !== 'string' || !/^https?:\/\//.test(body.return_url))
        return stripeError(400, 'invalid_request_error', 'Not a valid URL', 'url_invalid', 'return_url');
      const id = nextId('bps');
      return { json: { id, object: 'billing_portal.session', customer, return_url: body.return_url, url: `https://billing.stripe.com/p/session/${id}` } };
    }
    if (method === 'DELETE' && (match = /^\/v1\/customers\/([^/]+)$/.exec(path))) {
      const customer = customers.get(match[1]!);
      if (!customer || customer.deleted) return stripeError(404, 'invalid_request_error', `No such customer: '${match[1]}'`, 'resource_missing');
      customer.deleted = true;
      return { json: { id: customer.id, object: 'customer', deleted: true } };
    }
    if (method === 'POST' && path === '/v1/subscription_schedules') {
      const subscription = subscriptions.get(String(body.from_subscription));
      if (!subscription) return stripeError(404, 'invalid_request_error', 'No such subscription', 'resource_missing');
      if (subscription.schedule) return stripeError(400, 'invalid_request_error', 'You cannot migrate a subscription that is already attached to a schedule.');
      const item = subscription.items.data[0]!;
      const schedule: Schedule = {
        id: nextId('sub_sched'),
        object: 'subscription_schedule',
        subscription: subscription.id,
        status: 'active',
        end_behavior: 'release',
        phases: [
          { start_date: item.current_period_start, end_date: item.current_period_end, items: [{ price: item.price.id, price_data: null, quantity: 1 }] },
        ],
      };
      schedules.set(schedule.id, schedule);
      subscription.schedule = schedule.id;
      return { json: schedule };
    }
    if (method === 'POST' && (match = /^\/v1\/subscription_schedules\/([^/]+)(\/release)?$/.exec(path))) {
      const schedule = schedules.get(match[1]!);
      if (!schedule) return stripeError(404, 'invalid_request_error', 'No such subscription_schedule', 'resource_missing');
      if (schedule.status !== 'active')
        return stripeError(400, 'invalid_request_error', `You cannot update a subscription schedule that is currently in the \`${schedule.status}\` status.`);
      if (match[2]) {
        schedule.status = 'released';
        const subscription = subscriptions.get(schedule.subscription);
        if (subscription) subscription.schedule = null;
        return { json: schedule };
      }
      schedule.end_behavior = String(body.end_behavior ?? schedule.end_behavior);
      const phases = body.phases as
        | Array<{ start_date?: string; end_date?: string; items: Array<{ price?: string; price_data?: Record<string, unknown>; quantity?: string }> }>
        | undefined;
      if (phases) {
        schedule.phases = phases.map((phase) => ({
          start_date: Number(phase.start_date ?? 0),
          end_date: phase.end_date === undefined ? null : Number(phase.end_date),
          items: phase.items.map((item) => ({ price: item.price ?? null, price_data: item.price_data ?? null, quantity: Number(item.quantity ?? 1) })),
        }));
      }
      return { json: schedule };
    }
    return stripeError(404, 'invalid_request_error', `Unrecognized request URL (${method}: ${path})`);
  };

  /** Answers already given to a POST with an Idempotency-Key: Stripe replays them instead of doing the work again. */
  const idempotent = new Map<string, { status?: number; json: unknown }>();

  const server = createServer(async (request, response) => {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const url = new URL(request.url ?? '/', 'http://stand-in');
    const method = request.method ?? 'GET';
    const body = decodeForm(method === 'GET' ? url.search.slice(1) : Buffer.concat(chunks).toString('utf8'));
    calls.push({ method, path: url.pathname, body });
    const lose = state.loseAnswer;
    if (lose && lose.method === method && lose.path.test(url.pathname)) {
      // Carried out, and the answer never reaches the caller.
      state.loseAnswer = null;
      handle(method, url.pathname, body);
      if (lose.thenDown) state.down = true;
      response.socket?.destroy();
      return;
    }
    const refusal = state.refuse && state.refuse.method === method && state.refuse.path.test(url.pathname) ? state.refuse.error : null;
    const key = method === 'POST' && typeof request.headers['idempotency-key'] === 'string' ? `${url.pathname} ${request.headers['idempotency-key']}` : null;
    const replayed = key ? idempotent.get(key) : undefined;
    const answer = state.down
      ? stripeError(500, 'api_error', 'Something went wrong on Stripe’s end.')
      : refusal
        ? stripeError(refusal.status, refusal.type, refusal.message, refusal.code)
        : request.headers.authorization !== 'Bearer sk_test_stand_in'
          ? stripeError(401, 'invalid_request_error', 'Invalid API Key provided')
          : (replayed ?? handle(method, url.pathname, body));
    if (key && !replayed && !state.down && !refusal) idempotent.set(key, answer);
    response.writeHead(answer.status ?? 200, { 'content-type': 'application/json', 'request-id': nextId('req') });
    response.end(JSON.stringify(answer.json));
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const listening = (server.address() as AddressInfo).port;

  return {
    port: listening,
    secretKey: 'sk_test_stand_in',
    calls,
    subscriptions,
    schedules,
    invoices,
    refunds,
    customers,
    checkoutSessions,
    state,
    /** The person paid the Checkout: Stripe creates the subscription and its first paid invoice. */
    complete(checkoutSessionId: string): string {
      const session = checkoutSessions.get(checkoutSessionId);
      if (!session) throw new Error(`No checkout session ${checkoutSessionId}`);
      session.status = 'complete';
      const price = priceFrom(session.line_items[0]!.price_data);
      const start = now();
      // A subscription Checkout makes a new customer for a payer it was not given one for.
      session.customer ??= newCustomer();
      const subscription: Subscription = {
        id: nextId('sub'),
        object: 'subscription',
        status: 'active',
        customer: session.customer,
        cancel_at_period_end: false,
        schedule: null,
        latest_invoice: null,
        metadata: {},
        items: {
          object: 'list',
          data: [
            {
              id: nextId('si'),
              object: 'subscription_item',
              price,
              quantity: 1,
              current_period_start: start,
              current_period_end: addInterval(start, price.recurring.interval),
            },
          ],
        },
      };
      subscriptions.set(subscription.id, subscription);
      invoiceFor(subscription, 'subscription_create');
      return subscription.id;
    },
    /**
     * A subscription Checkout paid with a delayed method (a bank debit): the subscription is made
     * and its first invoice waits for the money (`settle` pays it, as the debit arriving).
     */
    completeDelayed(checkoutSessionId: string): { subscriptionId: string; settle(): Invoice } {
      const subscriptionId = this.complete(checkoutSessionId);
      const subscription = subscriptions.get(subscriptionId)!;
      const invoice = invoices.get(subscription.latest_invoice!)!;
      invoice.status = 'open';
      invoice.amount_paid = 0;
      invoice.payments.data = [];
      return {
        subscriptionId,
        settle: () => {
          pay(invoice);
          return invoice;
        },
      };
    },
    /** The renewal's card was declined: its invoice stays open and the subscription is past due. */
    failRenewal(subscriptionId: string): Invoice {
      const subscription = subscriptions.get(subscriptionId);
      if (!subscription) throw new Error(`No subscription ${subscriptionId}`);
      const item = subscription.items.data[0]!;
      item.current_period_start = item.current_period_end;
      item.current_period_end = addInterval(item.current_period_start, item.price.recurring.interval);
      subscription.status = 'past_due';
      return invoiceFor(subscription, 'subscription_cycle', [], true);
    },
    /** The customer mended their card and Stripe's retry paid the open invoice: active again. */
    recover(subscriptionId: string): Invoice {
      const subscription = subscriptions.get(subscriptionId);
      if (!subscription?.latest_invoice) throw new Error(`No open invoice for ${subscriptionId}`);
      const invoice = invoices.get(subscription.latest_invoice)!;
      pay(invoice);
      subscription.status = 'active';
      return invoice;
    },
    /**
     * The person paid a one-time (payment mode) Checkout. Answers the customer it was paid as: the
     * one it was given, a new one when it was asked to make one, else null (a guest payer).
     */
    completePayment(checkoutSessionId: string): string | null {
      const session = checkoutSessions.get(checkoutSessionId);
      if (!session || session.mode !== 'payment') throw new Error(`No one-time checkout session ${checkoutSessionId}`);
      session.status = 'complete';
      if (!session.customer && session.customer_creation === 'always') session.customer = newCustomer();
      return session.customer;
    },
    /**
     * The period ended: the subscription renews, entering its schedule's next phase when it has
     * one (a released schedule lets go of the subscription). Answers the paid renewal invoice.
     */
    renew(subscriptionId: string): Invoice {
      const subscription = subscriptions.get(subscriptionId);
      if (!subscription) throw new Error(`No subscription ${subscriptionId}`);
      const item = subscription.items.data[0]!;
      const schedule = subscription.schedule ? schedules.get(subscription.schedule) : undefined;
      const next = schedule?.phases[1]?.items[0];
      if (schedule && next) {
        item.price = next.price_data ? priceFrom(next.price_data) : item.price;
        if (schedule.end_behavior === 'release') {
          schedule.status = 'released';
          subscription.schedule = null;
        }
      }
      item.current_period_start = item.current_period_end;
      item.current_period_end = addInterval(item.current_period_start, item.price.recurring.interval);
      return invoiceFor(subscription, 'subscription_cycle');
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
