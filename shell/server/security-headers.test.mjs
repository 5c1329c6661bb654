import assert from 'node:assert/strict';
import { test } from 'node:test';
import { contentSecurityPolicy } from './security-headers.mjs';

test('the policy names exact origins only, never inline code, and Google only when sign-in is configured', () => {
  const directives = (policy) =>
    Object.fromEntries(
      policy.split('; ').map((part) => {
        const [name, ...sources] = part.split(' ');
        return [name, sources];
      }),
    );
  const shell = directives(
    contentSecurityPolicy({
      codeOrigins: [
        'http://localhost:5174/remoteEntry.js',
        'http://localhost:5174',
        'https://cdn.reelmint.example/billing/',
        '*',
        'javascript:alert(1)',
        'not a url',
        'data:text/javascript,1',
      ],
      apiOrigin: 'https://api.reelmint.example',
    }),
  );
  assert.deepEqual(shell['script-src'], ["'self'", 'http://localhost:5174', 'https://cdn.reelmint.example']);
  assert.deepEqual(shell['style-src'], ["'self'", 'http://localhost:5174', 'https://cdn.reelmint.example']);
  assert.deepEqual(shell['connect-src'], ["'self'", 'http://localhost:5174', 'https://cdn.reelmint.example', 'https://api.reelmint.example']);
  assert.deepEqual(shell['img-src'], ["'self'", 'data:', 'http://localhost:5174', 'https://cdn.reelmint.example', 'https://api.reelmint.example']);
  assert.deepEqual(shell['media-src'], ["'self'", 'https://api.reelmint.example']);
  assert.deepEqual(shell['frame-src'], ["'none'"]);
  assert.deepEqual(shell['frame-ancestors'], ["'none'"]);
  assert.deepEqual(shell['object-src'], ["'none'"]);
  assert.deepEqual(shell['base-uri'], ["'self'"]);
  assert.deepEqual(shell['default-src'], ["'self'"]);
  const everything = Object.values(shell).flat();
  for (const unsafe of ["'unsafe-inline'", "'unsafe-eval'", '*', 'data:text/javascript,1']) assert.ok(!everything.includes(unsafe), unsafe);

  const google = directives(contentSecurityPolicy({ google: true }));
  assert.deepEqual(google['script-src'], ["'self'", 'https://accounts.google.com/gsi/client']);
  assert.deepEqual(google['frame-src'], ['https://accounts.google.com/gsi/']);
  assert.ok(google['connect-src'].includes('https://accounts.google.com/gsi/'));
  assert.ok(google['style-src'].includes('https://accounts.google.com/gsi/style'));

  // A remote's origin: its only page (the standalone harness) runs its own code and calls the API.
  const remote = directives(contentSecurityPolicy({ apiOrigin: 'http://localhost:8787' }));
  assert.deepEqual(remote['script-src'], ["'self'"]);
  assert.deepEqual(remote['connect-src'], ["'self'", 'http://localhost:8787']);
});
