// One copy of the federation plugin's share-cache helpers per build, instead of one per shared package.
// Plain JavaScript like federation.mjs, which re-exports it; types in federation-share-cache.d.mts.

/**
 * Functions @module-federation/vite writes into its generated modules, each a top-level `const` that reads no
 * binding of the module it sits in. A group is moved only whole, and only if its text is the same in every module
 * that has it: the first group is the plugin's share-cache helpers (reading, writing and subscribing to the page's
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

const ID_PREFIX = '\0reelmint-share-cache-helpers:';
const CHUNK_NAME = 'share-cache-helpers';
/** Above the federation plugin's own groups (1 000 000 for its wrappers, 1 000 001 for Vite's preload helper). */
const CHUNK_PRIORITY = 1_000_002;

/** The top-level `const` declarations of `program` that declare exactly one of `names`, by name. */
function declarationsOf(program, names) {
  const found = new Map();
  for (const node of program.body) {
    if (node.type !== 'VariableDeclaration' || node.kind !== 'const' || node.declarations.length !== 1) continue;
    const { id } = node.declarations[0];
    if (id.type === 'Identifier' && names.includes(id.name)) found.set(id.name, node);
  }
  return found;
}

/**
 * The federation plugin (1.23) gives each package the shell provides a wrapper module of its own, built into a
 * chunk of its own (a wrapper that imports the package's code stays apart from the others, so that no wrapper's
 * package can close a top-level-await cycle with another's), and writes its share-cache helpers into every such
 * wrapper: about 900 B compressed in each of the some ten wrapper chunks the home page loads. Only wrappers without
 * a local package import them from one module of the plugin, which lives in the chunk of those wrappers.
 *
 * This plugin takes the helpers out of every generated federation module and imports them instead from modules of
 * its own, built into one chunk that imports nothing and awaits nothing, so no module waiting on it can be part of
 * a cycle through it. The code that runs is the plugin's own, unchanged: the same functions on the same cache, only
 * defined once. The build fails if the plugin stops writing the helpers the way this expects (a group found in
 * part, or with a different text in two modules), rather than shipping something else.
 */
export function shareCacheHelpersOnce() {
  /** @type {Map<string, string>} each group's declarations, as the first module that had them wrote them */
  const groupSource = new Map();
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
      const group = GROUPS.find(({ name }) => `${ID_PREFIX}${name}` === id);
      const source = group && groupSource.get(group.name);
      if (!source) throw new Error(`shareCacheHelpersOnce: nothing to load for ${id}`);
      return `${source}\nexport { ${group.names.join(', ')} };\n`;
    },
    transform(code, id) {
      if (!id.includes('virtual:mf:') || !GROUPS.some(({ names }) => code.includes(`const ${names[0]} =`))) return null;
      const program = this.parse(code);
      const removed = [];
      const imports = [];
      for (const group of GROUPS) {
        const found = declarationsOf(program, group.names);
        if (found.size === 0) continue;
        if (found.size !== group.names.length) {
          const missing = group.names.filter((name) => !found.has(name));
          throw new Error(`shareCacheHelpersOnce: ${id} declares the federation plugin's ${group.name} helpers without ${missing.join(', ')}`);
        }
        const nodes = group.names.map((name) => found.get(name));
        const source = nodes.map((node) => code.slice(node.start, node.end)).join('\n');
        const known = groupSource.get(group.name);
        if (known === undefined) groupSource.set(group.name, source);
        else if (known !== source) throw new Error(`shareCacheHelpersOnce: ${id} writes the federation plugin's ${group.name} helpers differently`);
        removed.push(...nodes);
        imports.push(`import { ${group.names.join(', ')} } from ${JSON.stringify(`${ID_PREFIX}${group.name}`)};`);
      }
      if (removed.length === 0) return null;
      let rest = code;
      for (const node of removed.sort((a, b) => b.start - a.start)) rest = rest.slice(0, node.start) + rest.slice(node.end);
      return { code: `${imports.join('\n')}\n${rest}`, map: null };
    },
    generateBundle(_options, bundle) {
      // What the rest rests on: the helpers are in one chunk that holds nothing else, awaits nothing and imports
      // nothing but chunks that import nothing either and hold none of the federation plugin's modules (Rolldown's
      // own runtime helpers, which it calls to run the helpers' module when a wrapper is first evaluated).
      const chunks = Object.values(bundle).filter((file) => file.type === 'chunk');
      const holders = chunks.filter((chunk) => chunk.moduleIds.some((id) => id.startsWith(ID_PREFIX)));
      if (groupSource.size === 0 && holders.length === 0) return;
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
