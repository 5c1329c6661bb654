// The bench's reference: the same shell and screens as ONE Vite build (bench/reference/), drawn on the server by the
// shell's own first-HTML composer and served by the shell's own HTTP server, so that the site beside it differs only
// in being composed from federated remotes at run time.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { pathToFileURL } from 'node:url';
import { LOCAL_VERSION } from '@reelmint/contract/versions';
import { precompressDir } from '@reelmint/release/precompress';
import { createShellServer } from 'shell/server';
import { exposes as billing } from 'mfe-billing/exposes';
import { exposes as generator } from 'mfe-generator/exposes';
import { exposes as marketing } from 'mfe-marketing/exposes';
import { API, here, REFERENCE_DIST, root, SHELL } from './measure.mjs';

const REFERENCE_SERVER = join(here, 'reference', 'dist-server', 'server.js');

/** Builds the reference fresh from the same sources, for the browser and for its server (a build is not measured). */
export function buildReference() {
  console.log('Building the reference (one Vite app, no federation, drawn on its server)...');
  // Vite's module runner loads the config: it imports the remotes' exposes.ts, TypeScript in linked workspaces, which
  // the default loader would hand to Node as they are.
  const vite = (...args) =>
    spawnSync('npx', ['vite', 'build', '--configLoader', 'runner', '--config', join(here, 'reference', 'vite.config.mjs'), ...args], {
      cwd: root,
      stdio: 'inherit',
    });
  if (vite().status !== 0 || vite('--ssr', join(here, 'reference', 'server.tsx')).status !== 0) {
    throw new Error('The reference build failed.');
  }
  // Compressed like the site's builds.
  precompressDir(REFERENCE_DIST);
}

/**
 * What a remote's mf-manifest.json says of each exposed module (its chunks, stylesheets and lazily loaded strings),
 * written from the reference build's own manifest, so the shell's server hints and inlines each screen's files and
 * its idle preload fetches the next screens' files as it does on the site. Chunks the page's entry already loads are
 * left out, as a remote's manifest leaves out the shell's shared modules.
 */
function referenceManifest() {
  const chunks = JSON.parse(readFileSync(join(REFERENCE_DIST, '.vite', 'manifest.json'), 'utf8'));
  const closure = (keys) => {
    const seen = new Set();
    const visit = (key) => {
      if (seen.has(key) || !chunks[key]) return;
      seen.add(key);
      for (const imported of chunks[key].imports ?? []) visit(imported);
    };
    keys.forEach(visit);
    return seen;
  };
  const onEveryPage = closure(Object.keys(chunks).filter((key) => chunks[key].isEntry));
  const exposes = Object.entries({ marketing, generator, billing }).flatMap(([remote, table]) =>
    Object.entries(table).map(([path, file]) => {
      const own = [...closure([relative(join(root, 'shell'), join(root, `mfe-${remote}`, file))])].filter((key) => !onEveryPage.has(key));
      const files = (pick) => [...new Set(own.flatMap((key) => pick(chunks[key])))];
      return {
        path,
        assets: {
          js: { sync: files((chunk) => [chunk.file]), async: files((chunk) => (chunk.dynamicImports ?? []).map((key) => chunks[key].file)) },
          css: { sync: files((chunk) => chunk.css ?? []), async: [] },
        },
      };
    }),
  );
  return { exposes };
}

/** The shell's strings as built (dist/locales/<lng>/translation.json), as the shell's server reads them. */
function readStrings(localesDir) {
  const strings = new Map();
  for (const lng of existsSync(localesDir) ? readdirSync(localesDir) : []) {
    const file = join(localesDir, lng, 'translation.json');
    if (existsSync(file)) strings.set(lng, JSON.parse(readFileSync(file, 'utf8')));
  }
  return (lng) => strings.get(lng);
}

/**
 * The reference's origin: the shell's HTTP server over the reference build, its pages drawn by the shell's composer.
 * Every remote's "entry" is one address of this origin that every drawn page loads anyway (/take-over.js), so the
 * hints the composer writes for it cost no request, and the manifest it reads from there is the one above.
 */
export async function referenceServer() {
  const { referencePages } = await import(pathToFileURL(REFERENCE_SERVER).href);
  const entry = `${SHELL}/take-over.js`;
  // Named as the site's local builds are, so the API accepts the shell's telemetry of these loads as it does the site's.
  const pointer = {
    remotes: Object.fromEntries(['marketing', 'generator', 'billing'].map((name) => [name, { entry, version: LOCAL_VERSION }])),
    allowedOverrideOrigins: [],
  };
  const config = { apiBase: API, geoCountry: null };
  const manifest = referenceManifest();
  const firstHtml = referencePages({
    template: readFileSync(join(REFERENCE_DIST, 'index.html'), 'utf8'),
    siteOrigin: SHELL,
    strings: readStrings(join(REFERENCE_DIST, 'locales')),
  });
  return createShellServer({
    dir: REFERENCE_DIST,
    documents: { '/remotes.json': () => pointer, '/config.json': () => config, '/mf-manifest.json': () => manifest },
    pages: (req, url, { styleNonce }) => firstHtml({ url, headers: req.headers, config, pointer, styleNonce }),
    security: { apiOrigin: API },
  });
}
