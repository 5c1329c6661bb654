import type { CheckoutSession } from '../db/schema.ts';

const escapeHtml = (text: string): string => text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

const money = (cents: number, currency: string): string => new Intl.NumberFormat('en-US', { style: 'currency', currency }).format(cents / 100);

/**
 * The local provider's test checkout: plain HTML forms, no script, so it works with a keyboard
 * alone (native buttons, visible focus) and on a 375px wide phone.
 */
export function checkoutPage(session: CheckoutSession, planName: string, credits: number, ownerToken: string, listPriceCents: number): string {
  const id = encodeURIComponent(session.id);
  const proof = `<input type="hidden" name="token" value="${escapeHtml(ownerToken)}">`;
  const cycle = session.billing_cycle === 'yearly' ? 'year' : 'month';
  const open = session.status === 'open';
  const state = open ? '' : `<p class="state" role="status">This checkout is ${escapeHtml(session.status)} and can no longer be paid.</p>`;
  const actions = open
    ? `<form method="post" action="/api/payment/checkout/${id}/pay">${proof}<button class="pay" type="submit" autofocus>Pay ${money(session.amount_cents, session.currency)}</button></form>
      <form method="post" action="/api/payment/checkout/${id}/cancel">${proof}<button class="cancel" type="submit">Cancel</button></form>`
    : '';
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Checkout: Reelmint ${escapeHtml(planName)}</title>
${STYLE}
</head>
<body>
<main>
  <h1>Reelmint ${escapeHtml(planName)}</h1>
  <p class="note"><strong>Test checkout:</strong> this site runs the test payment provider. No card is charged and no money moves.</p>
  <dl>
    <dt>Plan</dt><dd>${escapeHtml(planName)}</dd>
    <dt>Billing</dt><dd>${session.billing_cycle === 'yearly' ? 'Yearly' : 'Monthly'}</dd>
    <dt>Price</dt><dd>${money(listPriceCents, session.currency)} / ${cycle}</dd>${
      listPriceCents > session.amount_cents
        ? `
    <dt>Unused part of your current plan</dt><dd>&minus;${money(listPriceCents - session.amount_cents, session.currency)}</dd>
    <dt>To pay now</dt><dd>${money(session.amount_cents, session.currency)}</dd>`
        : ''
    }
    <dt>Credits</dt><dd>${credits.toLocaleString('en-US')}</dd>${
      session.returns_credits
        ? `
    <dt>Unused credits of your current plan</dt><dd>&minus;${session.returns_credits.toLocaleString('en-US')}</dd>`
        : ''
    }
  </dl>${
    session.returns_credits
      ? `
  <p class="note">The unused part of your current period counts toward the new plan in money and in credits alike: its price comes off what you pay, and its unused credits are taken back from your balance when you pay (never below zero).</p>`
      : ''
  }
  ${state}
  ${actions}
</main>
</body>
</html>`;
}

/** The same test checkout for a one-time credit pack. */
export function packCheckoutPage(session: CheckoutSession, credits: number, ownerToken: string): string {
  const id = encodeURIComponent(session.id);
  const proof = `<input type="hidden" name="token" value="${escapeHtml(ownerToken)}">`;
  const open = session.status === 'open';
  const title = `${credits.toLocaleString('en-US')} credits`;
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Checkout: Reelmint ${title}</title>
${STYLE}
</head>
<body>
<main>
  <h1>Reelmint ${title}</h1>
  <p class="note"><strong>Test checkout:</strong> this site runs the test payment provider. No card is charged and no money moves.</p>
  <dl>
    <dt>Credit pack</dt><dd>${title}</dd>
    <dt>Billing</dt><dd>One-time payment</dd>
    <dt>Price</dt><dd>${money(session.amount_cents, session.currency)}</dd>
  </dl>
  ${open ? '' : `<p class="state" role="status">This checkout is ${escapeHtml(session.status)} and can no longer be paid.</p>`}
  ${
    open
      ? `<form method="post" action="/api/payment/checkout/${id}/pay">${proof}<button class="pay" type="submit" autofocus>Pay ${money(session.amount_cents, session.currency)}</button></form>
      <form method="post" action="/api/payment/checkout/${id}/cancel">${proof}<button class="cancel" type="submit">Cancel</button></form>`
      : ''
  }
</main>
</body>
</html>`;
}

/** What a person sees when the checkout refuses them: what happened, and the way back. */
export function checkoutErrorPage(code: string, message: string, siteOrigin: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Checkout unavailable: Reelmint</title>
${STYLE}
</head>
<body>
<main>
  <h1>This checkout cannot continue</h1>
  <p class="state" role="alert">${escapeHtml(message)}</p>
  <p class="note">Code: ${escapeHtml(code)}</p>
  <a class="back" href="${escapeHtml(siteOrigin)}/pricing">Back to pricing</a>
</main>
</body>
</html>`;
}

const STYLE = `<style>
  *{box-sizing:border-box}
  body{margin:0;font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;background:#0f1020;color:#f4f4f8;display:flex;min-height:100vh;align-items:center;justify-content:center;padding:16px}
  main{width:100%;max-width:420px;background:#1b1d33;border-radius:16px;padding:24px;box-shadow:0 10px 40px rgba(0,0,0,.4)}
  h1{font-size:1.35rem;margin:0 0 4px}
  .note{color:#b9bbd3;font-size:.9rem;margin:0 0 20px}
  dl{display:grid;grid-template-columns:auto 1fr;gap:8px 16px;margin:0 0 24px}
  dt{color:#b9bbd3}dd{margin:0;text-align:right;font-weight:600}
  form{margin:0 0 12px}
  button{width:100%;min-height:48px;border-radius:10px;font:inherit;font-weight:700;cursor:pointer;border:2px solid transparent}
  .pay{background:#7c5cff;color:#fff}
  .cancel{background:transparent;color:#f4f4f8;border-color:#4a4d70}
  button:focus-visible{outline:3px solid #ffd166;outline-offset:3px}
  .state{background:#3a2530;padding:12px;border-radius:10px}
  .back{display:block;text-align:center;min-height:48px;line-height:44px;border-radius:10px;border:2px solid #4a4d70;color:#f4f4f8;text-decoration:none;font-weight:700}
  .back:focus-visible{outline:3px solid #ffd166;outline-offset:3px}
</style>`;
