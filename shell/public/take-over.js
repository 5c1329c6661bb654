// A page the shell's server drew carries this script instead of the shell's own: the page is painted from its
// HTML and stylesheets first, then the scripts listed in the boot data (shell/src/boot/boot-data.ts, `start`) are
// fetched together and the shell's entry takes the page over. Without this, a phone spends the bandwidth and the
// main thread of its first second on code before it shows a page that needs none to be read.
const boot = document.getElementById('reelmint-boot');
const start = boot ? JSON.parse(boot.textContent || 'null')?.start : null;

function preload(rel, href, as) {
  const link = document.createElement('link');
  link.rel = rel;
  link.href = href;
  link.crossOrigin = '';
  if (as) link.as = as;
  document.head.append(link);
}

/** Hints added per task: each starts a request, and a phone takes a few milliseconds per hint. */
const HINTS_PER_TASK = 4;

/**
 * Adds the hints a few at a time, a task each, then imports the entry: twenty hints in one go held a phone's main
 * thread for over 100 ms, long enough to delay a tap, while the requests gain nothing from starting a task earlier.
 */
function takeOver() {
  const hints = [...start.modules.map((href) => ['modulepreload', href]), ...start.fetches.map((href) => ['preload', href, 'fetch'])];
  const next = () => {
    for (const [rel, href, as] of hints.splice(0, HINTS_PER_TASK)) preload(rel, href, as);
    if (hints.length > 0) setTimeout(next, 0);
    else import(start.entry);
  };
  next();
}

/** Runs `then` once the page has been shown: on the first contentful paint, as the browser reports it. */
function afterFirstPaint(then) {
  let started = false;
  const once = () => {
    if (started) return;
    started = true;
    then();
  };
  // A page opened in the background paints nothing until it is shown: it starts at once.
  if (document.visibilityState === 'hidden' || !PerformanceObserver.supportedEntryTypes?.includes('paint')) {
    if (document.visibilityState === 'hidden') once();
    // Without paint timing: a frame's callbacks run just before it is painted, a task queued from there after.
    else requestAnimationFrame(() => setTimeout(once, 0));
    return;
  }
  new PerformanceObserver((entries, observer) => {
    if (entries.getEntriesByName('first-contentful-paint').length === 0) return;
    observer.disconnect();
    once();
  }).observe({ type: 'paint', buffered: true });
  // A page whose paint is never reported (nothing contentful in view) is still taken over.
  setTimeout(once, 3000);
}

if (start) afterFirstPaint(takeOver);
