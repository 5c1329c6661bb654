// The browser-side defences every origin of the site sends: a content security policy built from the
// origins the site is configured with, and the headers that go with it. The person's session token
// lives in the page's storage, so a script that should not run there is an account taken over; the
// policy names exactly which origins may provide code, and nothing inline runs.

/** Google Identity Services, as its documentation lists them for a page with a policy. */
const GOOGLE = Object.freeze({
  script: 'https://accounts.google.com/gsi/client',
  style: 'https://accounts.google.com/gsi/style',
  frame: 'https://accounts.google.com/gsi/',
  connect: 'https://accounts.google.com/gsi/',
  // The account menu shows the picture of a person who signed in with Google.
  pictures: 'https://*.googleusercontent.com',
});

/**
 * The origin of an http(s) URL or origin, or null. A policy source must be an exact origin: a path
 * would be a prefix rule, and anything else (a typo, `*`, a scheme alone) would widen the policy.
 */
export function exactOrigin(value) {
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.origin : null;
  } catch {
    return null;
  }
}

function origins(values) {
  return [...new Set(values.map(exactOrigin).filter((origin) => origin !== null))];
}

/**
 * @typedef {object} SecurityPolicyOptions
 * @property {string[]} [codeOrigins] origins whose modules, styles and strings the page loads besides its own:
 *           for the shell, every remote's origin and the origins an override may point at; none for a remote's origin
 * @property {string | null} [apiOrigin] the API the page calls and whose media it shows
 * @property {boolean} [google] Google sign-in is configured, so its script, styles and frame are allowed
 * @property {string} [styleNonce] a page's nonce for the <style> elements its own code writes at run time
 */

/**
 * @param {SecurityPolicyOptions} [options]
 * @returns {string} the Content-Security-Policy header value
 */
export function contentSecurityPolicy({ codeOrigins = [], apiOrigin = null, google = false, styleNonce } = {}) {
  const code = origins(codeOrigins);
  const api = origins(apiOrigin ? [apiOrigin] : []);
  const directives = {
    'default-src': ["'self'"],
    'script-src': ["'self'", ...code, ...(google ? [GOOGLE.script] : [])],
    'style-src': ["'self'", ...code, ...(google ? [GOOGLE.style] : []), ...(styleNonce ? [`'nonce-${styleNonce}'`] : [])],
    // Stylesheets draw small SVG icons from data: URLs, and a picture chosen for upload is previewed as one.
    'img-src': ["'self'", 'data:', ...code, ...api, ...(google ? [GOOGLE.pictures] : [])],
    'media-src': ["'self'", ...api],
    'font-src': ["'self'", ...code],
    'connect-src': ["'self'", ...code, ...api, ...(google ? [GOOGLE.connect] : [])],
    'frame-src': google ? [GOOGLE.frame] : ["'none'"],
    'worker-src': ["'self'"],
    'object-src': ["'none'"],
    'base-uri': ["'self'"],
    'form-action': ["'self'", ...api],
    'frame-ancestors': ["'none'"],
  };
  return Object.entries(directives)
    .map(([name, sources]) => `${name} ${[...new Set(sources)].join(' ')}`)
    .join('; ');
}

/**
 * Every response of an origin carries these (its files, its pages, its errors).
 * @param {SecurityPolicyOptions} [policy]
 */
export function securityHeaders(policy = {}) {
  return {
    'Content-Security-Policy': contentSecurityPolicy(policy),
    // Older browsers that ignore frame-ancestors.
    'X-Frame-Options': 'DENY',
    'X-Content-Type-Options': 'nosniff',
    // Reset links carry their token in the address: other origins get the origin only, never the path and query.
    'Referrer-Policy': 'strict-origin-when-cross-origin',
  };
}
