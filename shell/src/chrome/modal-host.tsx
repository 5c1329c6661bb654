import { useEffect, useState } from 'react';
import { bus } from '@reelmint/shared';
import type { SubscriptionModalRequest } from '@reelmint/shared';
import { RemoteRegion } from '../remotes/remote-region.tsx';

/**
 * Mounts billing's subscription modal once, on the first request, so visitors who never see the
 * upsell never download it. The first request is replayed once the modal is listening.
 */
export function ModalHost() {
  const [pending, setPending] = useState<SubscriptionModalRequest | null>(null);
  const [mounted, setMounted] = useState(false);

  useEffect(() => {
    if (mounted) return;
    const onOpen = (request: SubscriptionModalRequest) => {
      setPending(request);
      setMounted(true);
    };
    bus.on('subscription:open', onOpen);
    return () => bus.off('subscription:open', onOpen);
  }, [mounted]);

  if (!mounted) return null;
  return (
    <RemoteRegion remote="billing" module="./SubscriptionModal" quiet onReady={() => replay(pending, setPending)} onFailed={() => fail(pending, setPending)} />
  );
}

function replay(pending: SubscriptionModalRequest | null, clear: (value: null) => void) {
  if (!pending) return;
  clear(null);
  bus.emit('subscription:open', pending);
}

function fail(pending: SubscriptionModalRequest | null, clear: (value: null) => void) {
  if (!pending) return;
  clear(null);
  bus.emit('toast', { kind: 'error', message: 'Plans cannot be shown right now. Please try again in a moment.', key: 'toasts.plansUnavailable' });
  bus.emit('subscription:result', { requestId: pending.requestId, action: 'closed' });
}
