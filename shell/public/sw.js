// Shows the notes the API pushes when a video is ready or failed, and opens the studio that holds it on a click.
// Served from the shell's origin at its root, so it may focus or open any page of the site.

self.addEventListener('install', () => self.skipWaiting());
self.addEventListener('activate', (event) => event.waitUntil(self.clients.claim()));

self.addEventListener('push', (event) => {
  let note = null;
  try {
    note = event.data ? event.data.json() : null;
  } catch {
    note = null;
  }
  if (!note || typeof note.title !== 'string') return;
  event.waitUntil(
    self.registration.showNotification(note.title, {
      body: typeof note.body === 'string' ? note.body : '',
      tag: typeof note.tag === 'string' ? note.tag : undefined,
      icon: '/favicon.svg',
      data: { url: typeof note.url === 'string' ? note.url : '/' },
    }),
  );
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const target = new URL(event.notification.data && event.notification.data.url ? event.notification.data.url : '/', self.location.origin);
  // Only a page of this site is opened, whatever the message said.
  const url = target.origin === self.location.origin ? target.href : self.location.origin + '/';
  event.waitUntil(
    self.clients.matchAll({ type: 'window', includeUncontrolled: true }).then((windows) => {
      const same = windows.find((client) => client.url === url) || windows[0];
      if (same) return same.focus().then((client) => (client && client.url !== url && 'navigate' in client ? client.navigate(url) : client));
      return self.clients.openWindow(url);
    }),
  );
});
