// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { bus, openSubscriptionModal, requestCredits } from './bus.ts';
import type { SubscriptionModalRequest } from './bus.ts';

describe('subscription modal over the bus', () => {
  it('resolves with what the modal reports for that request only', async () => {
    const seen: SubscriptionModalRequest[] = [];
    const modal = (request: SubscriptionModalRequest) => {
      seen.push(request);
      // Another request's result must not resolve this one.
      bus.emit('subscription:result', { requestId: 'someone-else', action: 'closed' });
      bus.emit('subscription:result', { requestId: request.requestId, action: 'continue', plan: 'premium' });
    };
    bus.on('subscription:open', modal);
    await expect(openSubscriptionModal({ source: 'header' })).resolves.toMatchObject({ action: 'continue', plan: 'premium' });
    await expect(requestCredits(30, 4)).resolves.toMatchObject({ action: 'continue' });
    bus.off('subscription:open', modal);
    expect(seen[0]?.source).toBe('header');
    expect(seen[1]).toMatchObject({ source: 'needs-credits', needsCredits: { required: 30, available: 4 } });
  });
});
