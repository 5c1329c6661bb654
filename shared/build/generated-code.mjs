// Everything the build does to code that other packages generate or ship: the federation plugin's share-cache code
// moved into one chunk, its chunks' long names cut short, and sonner's injected stylesheet dropped. Each depends on
// text those packages write, not on an option they publish, so each checks what it finds and stops the build with
// the package's installed version (and the one this was written for) when the text is not what it expects.
// Plain JavaScript, loaded by every vite.config.ts without a TypeScript step; types in generated-code.d.mts.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

const require = createRequire(import.meta.url);

/** The versions of the packages whose output this module reads, as it was last checked against them. */
export const WRITTEN_FOR = Object.freeze({ '@module-federation/vite': '1.23.0', sonner: '2.0.8' });

/** The installed version of a package, read beside its entry (sonner's exports do not include its package.json). */
export function installedVersion(name) {
  let folder = dirname(require.resolve(name));
  while (!folder.endsWith(join('node_modules', name))) folder = dirname(folder);
  return JSON.parse(readFileSync(join(folder, 'package.json'), 'utf8')).version;
}

/** "@module-federation/vite 1.24.0 (this build was written for 1.23.0)": said by every failure below. */
export const versionNote = (name) => `${name} ${installedVersion(name)} (this build was written for ${WRITTEN_FOR[name]})`;

const FEDERATION = '@module-federation/vite';

/**
 * Functions @module-federation/vite writes into its generated modules, each a `const` that reads no binding of
 * the module it sits in. A group is moved only whole, and only if its text is the same in every module that has
 * it: the first group is the plugin's share-cache helpers (reading, writing and subscribing to the page's
 * shared-module cache; they keep their state on that cache, under Symbol.for keys, never in the module), the
 * second the function that unwraps a package's namespace before it is written to that cache.
 */
const GROUPS = [
  {
    name: 'cache',
    names: [
      '__mfGetSharedCacheDescriptor',
      '__mfReadSharedCache',
      '__mfSharedCacheListenersKey',
      '__mfGetSharedCacheListeners',
      '__mfSubscribeSharedCache',
      '__mfSharedCacheOwnersKey',
      '__mfGetSharedCacheOwners',
      '__mfReadSharedCacheOwner',
      '__mfGetSharedModuleIdentity',
      '__mfIsSameSharedModule',
      '__mfWriteSharedCache',
      '__mfTreeShakingSharedCacheKey',
      '__mfGetTreeShakingSharedCache',
      '__mfReadTreeShakingSharedCache',
      '__mfWriteTreeShakingSharedCache',
      '__mfTreeShakingSelectionCacheKey',
      '__mfGetTreeShakingSelectionCache',
      '__mfReadTreeShakingSharedSelection',
      '__mfWriteTreeShakingSharedSelection',
    ],
  },
  { name: 'normalize', names: ['__mfNormalizeShareModule'] },
];

/**
 * The statements each generated module starts with to open the page's shared-module cache (create it if no module
 * has yet, then give every entry its name with and without the default scope). They become one function, called
 * where they stood, with the key the module names: the same statements run at the same moment, in the same order.
 */
const OPEN_CACHE = { name: 'open-cache', key: '__mfCacheGlobalKey', cache: '__mfModuleCache', call: '__mfOpenModuleCache' };

const ID_PREFIX = '\0reelmint-share-cache-helpers:';
const CHUNK_NAME = 'share-cache-helpers';
/** Above the federation plugin's own groups (1 000 000 for its wrappers, 1 000 001 for Vite's preload helper). */
const CHUNK_PRIORITY = 1_000_002;

const isConst = (node, name) =>
  node?.type === 'VariableDeclaration' &&
  node.kind === 'const' &&
  node.declarations.length === 1 &&
  node.declarations[0].id.type === 'Identifier' &&
  (name === undefined || node.declarations[0].id.name === name);

/**
 * The statement lists the plugin writes its helpers into: the module's own and, in the remote entry, the body of
 * its top-level functions (`init` declares the helpers it uses inside itself).
 */
function statementLists(program) {
  const lists = [program.body];
  for (const node of program.body) {
    const declaration = node.type === 'ExportNamedDeclaration' ? node.declaration : node;
    if (declaration?.type === 'FunctionDeclaration' && declaration.body) lists.push(declaration.body.body);
  }
  return lists;
}

/** The `const` declarations in `statements` that declare exactly one of `names`, by name. */
function declarationsOf(statements, names) {
  const found = new Map();
  for (const node of statements) if (isConst(node) && names.includes(node.declarations[0].id.name)) found.set(node.declarations[0].id.name, node);
  return found;
}

/**
 * The cache-opening statements of a module: the three that create the cache, the one that reads it and the loop
 * that names its entries; between the last two only `const` declarations of functions, which run nothing.
 */
function openCacheStatements(statements, id) {
  const at = statements.findIndex((node) => isConst(node, OPEN_CACHE.cache));
  if (at === -1) return undefined;
  const creates = statements.slice(at - 3, at);
  const loopAt = statements.findIndex((node, index) => index > at && node.type === 'ForOfStatement');
  const between = statements.slice(at + 1, loopAt);
  const shaped =
    isConst(statements[at - 4], OPEN_CACHE.key) &&
    creates.every((node) => node.type === 'ExpressionStatement') &&
    loopAt !== -1 &&
    between.every((node) => isConst(node) && node.declarations[0].init?.type === 'ArrowFunctionExpression');
  if (!shaped) throw new Error(`shareCacheHelpersOnce: ${id} opens the shared-module cache differently under ${versionNote(FEDERATION)}`);
  return { creates, read: statements[at], loop: statements[loopAt] };
}

/**
 * The federation plugin (WRITTEN_FOR) gives each package the shell provides a wrapper module of its own, built into a
 * chunk of its own (a wrapper that imports the package's code stays apart from the others, so that no wrapper's
 * package can close a top-level-await cycle with another's), and writes its share-cache code into every such
 * wrapper: some ten copies on the home page. Only wrappers without a local package import the helpers from one
 * module of the plugin, which lives in the chunk of those wrappers.
 *
 * This plugin takes that code out of every generated federation module and imports it instead from modules of its
 * own, built into one chunk that imports nothing but Rolldown's runtime and awaits nothing, so no module waiting on
 * it can be part of a cycle through it. The code that runs is the plugin's own text, unchanged: the same functions
 * on the same cache, only defined once. The build fails if the plugin stops writing it the way this expects (a
 * group found in part, the cache opened otherwise, or a different text in two modules) rather than ship anything else.
 */
export function shareCacheHelpersOnce() {
  /** @type {Map<string, string>} each moved group's text, as the first module that had it wrote it */
  const sources = new Map();
  const remember = (name, source, id) => {
    const known = sources.get(name);
    if (known === undefined) sources.set(name, source);
    else if (known !== source)
      throw new Error(`shareCacheHelpersOnce: ${id} writes the federation plugin's ${name} code differently under ${versionNote(FEDERATION)}`);
  };
  const moduleOf = (name) => {
    if (name === OPEN_CACHE.name) {
      return `export const ${OPEN_CACHE.call} = (${OPEN_CACHE.key}) => {\n${sources.get(name)}\nreturn ${OPEN_CACHE.cache};\n};\n`;
    }
    const group = GROUPS.find((candidate) => candidate.name === name);
    return `${sources.get(name)}\nexport { ${group.names.join(', ')} };\n`;
  };
  return {
    name: 'reelmint-share-cache-helpers-once',
    apply: 'build',
    enforce: 'post',
    config(config) {
      // A chunk of its own. The federation plugin's chunk groups take what each wrapper imports along with it, at a
      // priority above any group of the app's, so this group must come before them (as the plugin's own group for
      // Vite's preload helper does, which every wrapper imports too); it takes the helpers and nothing else.
      // Runs after the federation plugin's config hook (enforce 'post'), which would lower that priority.
      const build = (config.build ??= {});
      const rolldownOptions = (build.rolldownOptions ??= {});
      if (Array.isArray(rolldownOptions.output)) throw new Error('shareCacheHelpersOnce expects one build output');
      const output = (rolldownOptions.output ??= {});
      const codeSplitting = (output.codeSplitting ??= {});
      const group = { name: CHUNK_NAME, test: (id) => id.startsWith(ID_PREFIX), priority: CHUNK_PRIORITY };
      codeSplitting.groups = [group, ...(codeSplitting.groups ?? [])];
    },
    resolveId(id) {
      // Declarations only: defining the helpers changes nothing until one is called.
      return id.startsWith(ID_PREFIX) ? { id, moduleSideEffects: false } : null;
    },
    load(id) {
      if (!id.startsWith(ID_PREFIX)) return null;
      const name = id.slice(ID_PREFIX.length);
      if (!sources.has(name)) throw new Error(`shareCacheHelpersOnce: nothing to load for ${id}`);
      return moduleOf(name);
    },
    transform(code, id) {
      if (!id.includes('virtual:mf:') && !id.includes('virtual:mf-REMOTE_ENTRY_ID')) return null;
      if (!GROUPS.some(({ names }) => code.includes(`const ${names[0]} =`)) && !code.includes(`const ${OPEN_CACHE.cache} =`)) return null;
      const program = this.parse(code);
      /** @type {Array<{ start: number, end: number, text: string }>} */
      const edits = [];
      const imports = new Map();
      for (const group of GROUPS) {
        for (const statements of statementLists(program)) {
          const found = declarationsOf(statements, group.names);
          if (found.size === 0) continue;
          if (found.size !== group.names.length) {
            const missing = group.names.filter((name) => !found.has(name));
            throw new Error(
              `shareCacheHelpersOnce: ${id} declares the federation plugin's ${group.name} helpers without ${missing.join(', ')} under ${versionNote(FEDERATION)}`,
            );
          }
          const nodes = group.names.map((name) => found.get(name));
          remember(group.name, nodes.map((node) => code.slice(node.start, node.end)).join('\n'), id);
          for (const node of nodes) edits.push({ start: node.start, end: node.end, text: '' });
          imports.set(group.name, group.names);
        }
      }
      const opening = openCacheStatements(program.body, id);
      if (opening) {
        const { creates, read, loop } = opening;
        remember(OPEN_CACHE.name, [...creates, read, loop].map((node) => code.slice(node.start, node.end)).join('\n'), id);
        for (const node of [...creates, loop]) edits.push({ start: node.start, end: node.end, text: '' });
        edits.push({ start: read.start, end: read.end, text: `const ${OPEN_CACHE.cache} = ${OPEN_CACHE.call}(${OPEN_CACHE.key});` });
        imports.set(OPEN_CACHE.name, [OPEN_CACHE.call]);
      }
      if (edits.length === 0) return null;
      let rest = code;
      for (const edit of edits.sort((a, b) => b.start - a.start)) rest = rest.slice(0, edit.start) + edit.text + rest.slice(edit.end);
      const lines = [...imports].map(([name, names]) => `import { ${names.join(', ')} } from ${JSON.stringify(`${ID_PREFIX}${name}`)};`);
      return { code: `${lines.join('\n')}\n${rest}`, map: null };
    },
    generateBundle(_options, bundle) {
      // What the rest rests on: the helpers are in one chunk that holds nothing else, awaits nothing and imports
      // nothing but chunks that import nothing either and hold none of the federation plugin's modules (Rolldown's
      // own runtime helpers, which it calls to run the helpers' module when a wrapper is first evaluated).
      const chunks = Object.values(bundle).filter((file) => file.type === 'chunk');
      const holders = chunks.filter((chunk) => chunk.moduleIds.some((id) => id.startsWith(ID_PREFIX)));
      if (sources.size === 0 && holders.length === 0) return;
      const leaf = (fileName) => {
        const chunk = chunks.find((candidate) => candidate.fileName === fileName);
        return (
          chunk !== undefined && chunk.imports.length === 0 && chunk.dynamicImports.length === 0 && !chunk.moduleIds.some((id) => id.includes('virtual:mf'))
        );
      };
      const [chunk, ...more] = holders;
      const alone =
        chunk !== undefined &&
        more.length === 0 &&
        chunk.moduleIds.every((id) => id.startsWith(ID_PREFIX)) &&
        chunk.imports.every(leaf) &&
        chunk.dynamicImports.length === 0 &&
        !/\bawait\b/.test(chunk.code);
      if (!alone)
        throw new Error(
          `shareCacheHelpersOnce: the helpers did not get a chunk of their own (${holders.map((file) => file.fileName).join(', ')}) under ${versionNote(FEDERATION)}`,
        );
    },
  };
}

/**
 * File names of a browser build's chunks. The federation plugin names its chunks (the wrapper of each shared
 * package, the import map) after a scope key that ends in a hash of the build's options, absolute paths included:
 * '_virtual_mf___mfe_internal__shell__mf_owner__174886130597529__loadShare__react__loadShare__.js'. Every import of
 * a shared package repeats that name, so a first page downloaded the prefix dozens of times, and its size changed
 * with the folder the site was built in. The prefix becomes 'mf'; the rest stays, as the shell's preload reads
 * '__loadShare__' in a remote's file names (shell/src/remotes/manifest-files.ts).
 */
export function chunkFileNames({ name }) {
  return `assets/${name.replace(FEDERATION_SCOPE_PREFIX, 'mf$1')}-[hash].js`;
}

/**
 * chunkFileNames for a remote whose parts loaded on first use bring their own strings (src/locales/<part>/<lng>.json):
 * those chunks are named '<part>.<lng>', apart from the strings its screens need ('<lng>'), which the first HTML
 * hints by that name. Other namespace folders (a screen's second namespace) keep the '<lng>' name and their hint.
 */
export function chunkFileNamesWithPartStrings(parts) {
  return (chunk) => {
    const found = chunk.facadeModuleId ? /[\\/]locales[\\/]([\w-]+)[\\/]([\w-]+)\.json$/.exec(chunk.facadeModuleId) : null;
    return found && parts.includes(found[1]) ? `assets/${found[1]}.${found[2]}-[hash].js` : chunkFileNames(chunk);
  };
}

/** The scope prefix of the federation plugin's chunk names, as WRITTEN_FOR's version writes it. */
export const FEDERATION_SCOPE_PREFIX = /^_virtual_mf(.*?)___mfe_internal__\w+?__mf_owner__\d+/;

/** sonner's call that writes its stylesheet into a <style> element when its module loads. */
const SONNER_INJECTION = /^__insertCSS\(".*"\);$/m;

/**
 * sonner writes its stylesheet into a <style> element when its module loads, which the site's content security
 * policy refuses (no inline styles). The build drops that call and the shell imports the same rules as a file
 * (`sonner/dist/styles.css`, in app.tsx), served from the shell's own origin. Fails the build if sonner changes
 * shape, rather than shipping toasts without their styles.
 */
export function sonnerStylesFromStylesheet() {
  return {
    name: 'reelmint-sonner-styles-from-stylesheet',
    apply: 'build',
    transform(code, id) {
      if (!/[\\/]node_modules[\\/]sonner[\\/]dist[\\/]index\.mjs$/.test(id)) return null;
      if (!SONNER_INJECTION.test(code))
        throw new Error(`sonnerStylesFromStylesheet: ${versionNote('sonner')} no longer injects its styles with __insertCSS: review this plugin`);
      return { code: code.replace(SONNER_INJECTION, ''), map: null };
    },
  };
}

/** The federation plugin's runtime plugin reading the runtime's package.json, as WRITTEN_FOR's version does. */
const RUNTIME_PACKAGE_IMPORT = /^import (\w+) from "@module-federation\/runtime\/package\.json"(?: with \{ type: "json" \})?;$/m;

/**
 * The federation plugin's runtime plugin (the one that publishes the shell's runtime to the remotes) imports the whole
 * package.json of @module-federation/runtime to read its version, so the page carried that file (its scripts, exports,
 * type paths) on every first load. The import becomes the version alone, read from the same file at build time. Fails
 * the build when the plugin imports it differently or reads anything else from it.
 */
export function federationRuntimeVersionOnly() {
  return {
    name: 'reelmint-federation-runtime-version-only',
    apply: 'build',
    transform(code, id) {
      if (!/[\\/]node_modules[\\/]@module-federation[\\/]vite[\\/]lib[\\/]utils[\\/]injectExternalRuntimeCorePlugin\.js$/.test(id)) return null;
      const imported = RUNTIME_PACKAGE_IMPORT.exec(code);
      const name = imported?.[1];
      const uses = name ? code.slice(imported.index + imported[0].length).match(new RegExp(`\\b${name}\\b(\\.\\w+)?`, 'g')) : null;
      if (!name || !uses?.every((use) => use === `${name}.version`))
        throw new Error(`federationRuntimeVersionOnly: ${versionNote(FEDERATION)} reads the runtime's package.json differently: review this plugin`);
      const version = installedVersion('@module-federation/runtime');
      return { code: code.replace(imported[0], `const ${name} = { version: ${JSON.stringify(version)} };`), map: null };
    },
  };
}
