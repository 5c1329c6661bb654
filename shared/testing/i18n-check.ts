import { FALLBACK_LANGUAGE, LANGUAGES } from '@reelmint/contract/languages';

/** One language's strings of a namespace, as its JSON file holds them. */
export type Strings = { [key: string]: string | Strings };

const PLURAL_SUFFIX = /_(zero|one|two|few|many|other)$/;
const PLACEHOLDER = /\{\{\s*([\w.]+)[^}]*\}\}/g;
/** Text with no letters in any script (numbers, symbols, placeholders only) cannot be "left in English". */
const HAS_LETTERS = /\p{L}/u;

function flatten(strings: Strings, prefix = '', into = new Map<string, string>()): Map<string, string> {
  for (const [key, value] of Object.entries(strings)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') into.set(path, value);
    else flatten(value, path, into);
  }
  return into;
}

const baseOf = (key: string) => key.replace(PLURAL_SUFFIX, '');
const placeholders = (value: string) => new Set([...value.matchAll(PLACEHOLDER)].map((match) => match[1]));

export interface CompletenessOptions {
  /**
   * Values that may read the same in every language: brand names and codes (Reelmint, 1080p, USD...).
   * Listed explicitly, so that an untranslated sentence is never waved through.
   */
  sameEverywhere?: readonly string[];
  /**
   * Words a language writes exactly as English does (German 'Name', Italian 'Password'), as
   * `'{lng}:{key}'`, each one looked at by a speaker rather than waved through by a rule.
   */
  cognates?: readonly string[];
}

/**
 * Everything wrong with a namespace's translations, one line each (empty when complete): a language file
 * missing, a key missing or extra compared with English (plural forms compared by their base key), a plural
 * form the language needs but lacks, an empty value, a placeholder dropped, or a value left in English.
 */
export function translationProblems(files: Partial<Record<string, Strings>>, options: CompletenessOptions = {}): string[] {
  const problems: string[] = [];
  const english = files[FALLBACK_LANGUAGE];
  if (!english) return [`${FALLBACK_LANGUAGE}: the English file is missing`];
  const source = flatten(english);
  const sourceBases = new Set([...source.keys()].map(baseOf));
  const allowed = new Set(options.sameEverywhere ?? []);
  const cognates = new Set(options.cognates ?? []);

  for (const lng of LANGUAGES) {
    const file = files[lng];
    if (!file) {
      problems.push(`${lng}: the file is missing`);
      continue;
    }
    const strings = flatten(file);
    const bases = new Set([...strings.keys()].map(baseOf));
    for (const base of sourceBases) if (!bases.has(base)) problems.push(`${lng}: missing ${base}`);
    for (const base of bases) if (!sourceBases.has(base)) problems.push(`${lng}: ${base} is not in English`);

    const categories = new Intl.PluralRules(lng).resolvedOptions().pluralCategories;
    const pluralBases = new Set([...source.keys()].filter((key) => PLURAL_SUFFIX.test(key)).map(baseOf));
    for (const base of pluralBases) {
      if (!bases.has(base)) continue;
      for (const category of categories) {
        if (!strings.has(`${base}_${category}`)) problems.push(`${lng}: ${base} needs the plural form _${category}`);
      }
    }

    for (const [key, value] of strings) {
      if (value.trim() === '') {
        problems.push(`${lng}: ${key} is empty`);
        continue;
      }
      const englishValue = source.get(key) ?? source.get(`${baseOf(key)}_other`);
      if (englishValue === undefined) continue;
      for (const name of placeholders(englishValue)) {
        if (!placeholders(value).has(name)) problems.push(`${lng}: ${key} drops {{${name}}}`);
      }
      const words = value.replace(PLACEHOLDER, '');
      if (lng !== FALLBACK_LANGUAGE && value === englishValue && HAS_LETTERS.test(words) && !allowed.has(value) && !cognates.has(`${lng}:${key}`)) {
        problems.push(`${lng}: ${key} is still English ("${value}")`);
      }
    }
  }
  return problems;
}

/** Files from `import.meta.glob(..., { eager: true, import: 'default' })`, keyed by language. */
export function byLanguage(modules: Record<string, unknown>, languageOf: (path: string) => string | undefined): Record<string, Strings> {
  const files: Record<string, Strings> = {};
  for (const [path, strings] of Object.entries(modules)) {
    const lng = languageOf(path);
    if (lng) files[lng] = strings as Strings;
  }
  return files;
}
