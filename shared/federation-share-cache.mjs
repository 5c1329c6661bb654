// One copy of the federation plugin's share-cache code per build, instead of one per shared package.
// Plain JavaScript like federation.mjs, which re-exports it; types in federation-share-cache.d.mts.

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
  if (!shaped) throw new Error(`shareCacheHelpersOnce: ${id} opens the shared-module cache differently`);
  return { creates, read: statements[at], loop: statements[loopAt] };
}

/**
 * The federation plugin (1.23) gives each package the shell provides a wrapper module of its own, built into a
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
    else if (known !== source) throw new Error(`shareCacheHelpersOnce: ${id} writes the federation plugin's ${name} code differently`);
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
            throw new Error(`shareCacheHelpersOnce: ${id} declares the federation plugin's ${group.name} helpers without ${missing.join(', ')}`);
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
      if (!alone) throw new Error(`shareCacheHelpersOnce: the helpers did not get a chunk of their own (${holders.map((file) => file.fileName).join(', ')})`);
    },
  };
}
