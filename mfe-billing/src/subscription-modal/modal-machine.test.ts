// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { CLOSED, initialPlan, transition } from './modal-machine.ts';
import type { ModalEvent, ModalState } from './modal-machine.ts';

const request = { requestId: 'r1', source: 'generator', needsCredits: { required: 45, available: 12 } };

/** The state after the events, and the effects that reach outside the modal (forgetting the last answer is tested on its own). */
function run(events: ModalEvent[], from: ModalState = CLOSED) {
  let state = from;
  const effects = [];
  for (const event of events) {
    const next = transition(state, event);
    state = next.state;
    effects.push(...next.effects.filter((effect) => effect.type !== 'forget-answer'));
  }
  return { state, effects };
}

describe('subscription modal state machine', () => {
  it('opens on yearly billing with Max chosen, keeping the request', () => {
    expect(run([{ type: 'open', request }])).toEqual({
      state: { phase: 'choosing', request, cycle: 'yearly', plan: 'premium' },
      effects: [],
    });
  });

  it('reopening starts from the defaults again', () => {
    const { state } = run([
      { type: 'open', request },
      { type: 'choose-cycle', cycle: 'monthly' },
      { type: 'choose-plan', plan: 'pro' },
      { type: 'dismiss' },
      { type: 'open', request: { requestId: 'r2' } },
    ]);
    expect(state).toMatchObject({ cycle: 'yearly', plan: 'premium' });
  });

  it('closes with action "closed" when dismissed (backdrop, close button, Escape)', () => {
    expect(run([{ type: 'open', request }, { type: 'dismiss' }])).toEqual({
      state: CLOSED,
      effects: [{ type: 'resolve', result: { requestId: 'r1', action: 'closed' } }],
    });
  });

  it('Continue without a session closes and sends the person to sign in, with no checkout', () => {
    const { state, effects } = run([
      { type: 'open', request },
      { type: 'continue', signedIn: false, plan: 'premium' },
    ]);
    expect(state).toBe(CLOSED);
    expect(effects).toEqual([{ type: 'resolve', result: { requestId: 'r1', action: 'closed' } }, { type: 'sign-in' }]);
  });

  it('Continue with a session starts the checkout for the chosen plan, cycle and source', () => {
    const { state, effects } = run([
      { type: 'open', request },
      { type: 'choose-cycle', cycle: 'monthly' },
      { type: 'choose-plan', plan: 'pro' },
      { type: 'continue', signedIn: true, plan: 'pro' },
    ]);
    expect(state).toMatchObject({ phase: 'processing', plan: 'pro', cycle: 'monthly' });
    expect(effects).toEqual([{ type: 'checkout', plan: 'pro', cycle: 'monthly', source: 'generator' }]);
  });

  it('while processing, ignores dismissal, new choices and a second Continue', () => {
    const processing = run([
      { type: 'open', request },
      { type: 'continue', signedIn: true, plan: 'premium' },
    ]).state;
    for (const event of [
      { type: 'dismiss' },
      { type: 'choose-plan', plan: 'pro' },
      { type: 'choose-cycle', cycle: 'monthly' },
      { type: 'continue', signedIn: true, plan: 'premium' },
    ] as ModalEvent[]) {
      expect(transition(processing, event)).toEqual({ state: processing, effects: [] });
    }
    // A request turned away meanwhile is answered, and the answer to the change under way is kept for it.
    expect(transition(processing, { type: 'open', request: { requestId: 'r2' } })).toEqual({
      state: processing,
      effects: [{ type: 'resolve', result: { requestId: 'r2', action: 'closed' } }],
    });
  });

  it('closes after a checkout that fell back to /pricing with action "continue" and the chosen plan', () => {
    expect(run([{ type: 'open', request }, { type: 'continue', signedIn: true, plan: 'premium' }, { type: 'checkout-finished' }])).toMatchObject({
      state: CLOSED,
      effects: [{ type: 'checkout' }, { type: 'resolve', result: { requestId: 'r1', action: 'continue', plan: 'premium' } }],
    });
  });

  it('Continue buys the plan on screen, which may be the derived starting plan rather than the default', () => {
    const { state, effects } = run([
      { type: 'open', request },
      { type: 'continue', signedIn: true, plan: 'pro' },
    ]);
    expect(state).toMatchObject({ phase: 'processing', plan: 'pro' });
    expect(effects).toEqual([{ type: 'checkout', plan: 'pro', cycle: 'yearly', source: 'generator' }]);
  });

  it('after a created checkout, answers "continue" at once but stays open with the checkout link until dismissed', () => {
    const opened = run([
      { type: 'open', request },
      { type: 'continue', signedIn: true, plan: 'premium' },
      { type: 'checkout-finished', checkoutUrl: 'http://pay.test/1' },
    ]);
    expect(opened).toMatchObject({
      state: { phase: 'opened', checkoutUrl: 'http://pay.test/1', plan: 'premium' },
      effects: [{ type: 'checkout' }, { type: 'resolve', result: { requestId: 'r1', action: 'continue', plan: 'premium' } }],
    });
    expect(transition(opened.state, { type: 'dismiss' })).toEqual({ state: CLOSED, effects: [] });
    expect(transition(opened.state, { type: 'open', request: { requestId: 'r2' } })).toMatchObject({
      state: { phase: 'choosing', request: { requestId: 'r2' } },
      effects: [{ type: 'forget-answer' }],
    });
  });

  it('a member\'s change done in place answers "continue" and stays open saying so until dismissed', () => {
    const changed = run([
      { type: 'open', request },
      { type: 'continue', signedIn: true, plan: 'premium' },
      { type: 'change-finished', outcome: { kind: 'changed' } },
    ]);
    expect(changed).toMatchObject({
      state: { phase: 'changed', plan: 'premium', done: { kind: 'changed' } },
      effects: [{ type: 'checkout' }, { type: 'resolve', result: { requestId: 'r1', action: 'continue', plan: 'premium' } }],
    });
    expect(transition(changed.state, { type: 'dismiss' })).toEqual({ state: CLOSED, effects: [] });
    const scheduled = run([
      { type: 'open', request },
      { type: 'continue', signedIn: true, plan: 'pro' },
      { type: 'change-finished', outcome: { kind: 'scheduled', effectiveDate: '2027-01-01T00:00:00.000Z' } },
    ]);
    expect(scheduled.state).toMatchObject({ phase: 'changed', done: { kind: 'scheduled', effectiveDate: '2027-01-01T00:00:00.000Z' } });
  });

  it('a credit pack paid while choosing answers "continue" with the plan in force and closes; at any other time it does nothing', () => {
    expect(
      run([
        { type: 'open', request },
        { type: 'pack-paid', plan: 'pro' },
      ]),
    ).toEqual({
      state: CLOSED,
      effects: [{ type: 'resolve', result: { requestId: 'r1', action: 'continue', plan: 'pro' } }],
    });
    const processing = run([
      { type: 'open', request },
      { type: 'continue', signedIn: true, plan: 'premium' },
    ]).state;
    expect(transition(processing, { type: 'pack-paid', plan: 'pro' })).toEqual({ state: processing, effects: [] });
    expect(transition(CLOSED, { type: 'pack-paid', plan: 'pro' })).toEqual({ state: CLOSED, effects: [] });
  });

  it('a refused change goes back to the same choice and answers nothing yet; a new choice forgets the refusal', () => {
    const refused = run([
      { type: 'open', request },
      { type: 'continue', signedIn: true, plan: 'premium' },
      { type: 'change-finished', outcome: { kind: 'failed' } },
    ]);
    expect(refused).toEqual({
      state: { phase: 'choosing', request, cycle: 'yearly', plan: 'premium' },
      effects: [{ type: 'checkout', plan: 'premium', cycle: 'yearly', source: 'generator' }],
    });
    // The refusal itself is shown until then: the answer is not forgotten when it comes.
    expect(
      transition({ phase: 'processing', request, cycle: 'yearly', plan: 'premium' }, { type: 'change-finished', outcome: { kind: 'failed' } }).effects,
    ).toEqual([]);
    expect(transition(refused.state, { type: 'choose-cycle', cycle: 'monthly' })).toEqual({
      state: { phase: 'choosing', request, cycle: 'monthly', plan: 'premium' },
      effects: [{ type: 'forget-answer' }],
    });
    expect(transition(refused.state, { type: 'choose-plan', plan: 'pro' }).effects).toEqual([{ type: 'forget-answer' }]);
    expect(transition(CLOSED, { type: 'open', request }).effects).toEqual([{ type: 'forget-answer' }]);
    expect(transition(refused.state, { type: 'continue', signedIn: true, plan: 'premium' }).state).toEqual({
      phase: 'processing',
      request,
      cycle: 'yearly',
      plan: 'premium',
    });
    expect(transition(refused.state, { type: 'dismiss' }).effects).toEqual([{ type: 'resolve', result: { requestId: 'r1', action: 'closed' } }]);
  });

  it('a second request while open answers the first with "closed"; during checkout the newcomer is answered instead', () => {
    const second = { requestId: 'r2', source: 'header' };
    expect(
      run([
        { type: 'open', request },
        { type: 'open', request: second },
      ]),
    ).toMatchObject({
      state: { phase: 'choosing', request: second },
      effects: [{ type: 'resolve', result: { requestId: 'r1', action: 'closed' } }],
    });
    expect(
      run([
        { type: 'open', request },
        { type: 'continue', signedIn: true, plan: 'premium' },
        { type: 'open', request: second },
      ]),
    ).toMatchObject({
      state: { phase: 'processing', request },
      effects: [{ type: 'checkout' }, { type: 'resolve', result: { requestId: 'r2', action: 'closed' } }],
    });
  });

  it('events that make no sense when closed change nothing', () => {
    for (const event of [
      { type: 'dismiss' },
      { type: 'continue', signedIn: true, plan: 'premium' },
      { type: 'checkout-finished' },
      { type: 'change-finished', outcome: { kind: 'changed' } },
      { type: 'choose-plan', plan: 'pro' },
    ] as ModalEvent[]) {
      expect(transition(CLOSED, event)).toEqual({ state: CLOSED, effects: [] });
    }
  });

  it('starts on Max unless the person already has it', () => {
    expect(initialPlan(['pro', 'premium'], 'free')).toBe('premium');
    expect(initialPlan(['pro', 'premium'], null)).toBe('premium');
    expect(initialPlan(['pro', 'premium'], 'premium')).toBe('pro');
    expect(initialPlan(['pro'], 'pro')).toBeNull();
  });
});
