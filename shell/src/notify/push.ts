import { request } from '@reelmint/shared';
import type { PushKeyReply } from '@reelmint/contract/notification-api';

/** Whether this browser gets push notifications from the site: it cannot, was refused by the person, or is on or off. */
export type PushState = 'unsupported' | 'denied' | 'on' | 'off';

/** The service worker that shows the notifications (public/sw.js), at the site's root so it may open any page. */
const WORKER_URL = '/sw.js';

function supported(): boolean {
  return typeof window !== 'undefined' && 'serviceWorker' in navigator && 'PushManager' in window && 'Notification' in window;
}

async function currentSubscription(): Promise<PushSubscription | null> {
  const registration = await navigator.serviceWorker.getRegistration('/');
  return (await registration?.pushManager.getSubscription()) ?? null;
}

export async function pushState(): Promise<PushState> {
  if (!supported()) return 'unsupported';
  if (Notification.permission === 'denied') return 'denied';
  return Notification.permission === 'granted' && (await currentSubscription()) ? 'on' : 'off';
}

function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const text = atob(base64url.replace(/-/g, '+').replace(/_/g, '/'));
  const bytes = new Uint8Array(new ArrayBuffer(text.length));
  for (let i = 0; i < text.length; i += 1) bytes[i] = text.charCodeAt(i);
  return bytes;
}

/**
 * Asks the browser's permission, subscribes with the site's VAPID key and hands the subscription to the API. A
 * subscription made with another key (the site's keys were made afresh) is replaced.
 */
export async function turnPushOn(): Promise<PushState> {
  if (!supported()) return 'unsupported';
  const permission = await Notification.requestPermission();
  if (permission !== 'granted') return permission === 'denied' ? 'denied' : 'off';
  await navigator.serviceWorker.register(WORKER_URL, { scope: '/' });
  const registration = await navigator.serviceWorker.ready;
  const { publicKey } = await request<PushKeyReply>('GET', '/api/notifications/push-key');
  const options = { userVisibleOnly: true, applicationServerKey: keyBytes(publicKey) };
  let subscription: PushSubscription;
  try {
    subscription = await registration.pushManager.subscribe(options);
  } catch (error) {
    const earlier = await registration.pushManager.getSubscription();
    if (!earlier) throw error;
    await earlier.unsubscribe();
    subscription = await registration.pushManager.subscribe(options);
  }
  await request('POST', '/api/notifications/subscriptions', { body: subscription.toJSON() });
  return 'on';
}

/** Tells the API to stop, then ends the browser's subscription. */
export async function turnPushOff(): Promise<PushState> {
  const subscription = supported() ? await currentSubscription() : null;
  if (subscription) {
    await request('DELETE', '/api/notifications/subscriptions', { body: { endpoint: subscription.endpoint } });
    await subscription.unsubscribe();
  }
  return pushState();
}

/** Ends this browser's subscription without asking the API (the session is already gone). */
export async function forgetBrowserSubscription(): Promise<void> {
  if (!supported()) return;
  await (await currentSubscription())?.unsubscribe();
}
