// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { exposedFiles } from './manifest-files.ts';
import type { RemoteManifest } from './manifest-files.ts';

const ENTRY = 'http://localhost:5174/releases/1.2.0/remoteEntry.js';
const at = (file: string) => `http://localhost:5174/releases/1.2.0/${file}`;

const manifest: RemoteManifest = {
  exposes: [
    {
      path: './HomePage',
      assets: {
        js: {
          sync: ['assets/screens-AAAAAAAA.js'],
          async: ['assets/en-BBBBBBBB.js', 'assets/fr-CCCCCCCC.js', 'assets/_virtual_mf__loadShare__react-DDDDDDDD.js'],
        },
        css: { sync: ['assets/screens-EEEEEEEE.css'], async: [] },
      },
    },
    {
      path: './TermsPage',
      assets: {
        // The legal texts are a second namespace: a second strings file per language.
        js: {
          sync: ['assets/more-screens-FFFFFFFF.js', 'assets/screens-AAAAAAAA.js'],
          async: ['assets/en-BBBBBBBB.js', 'assets/en-GGGGGGGG.js', 'assets/fr-CCCCCCCC.js', 'assets/fr-HHHHHHHH.js', 'assets/zh-TW-IIIIIIII.js'],
        },
        css: { sync: ['assets/more-screens-JJJJJJJJ.css', 'assets/screens-EEEEEEEE.css'], async: [] },
      },
    },
  ],
};

describe('the files an exposed module needs before it draws', () => {
  it('are its chunks, the shared stubs it imports and its stylesheets, as absolute URLs', () => {
    const files = exposedFiles(manifest, ENTRY, './HomePage', ['en']);
    expect(files?.js).toEqual([at('assets/screens-AAAAAAAA.js'), at('assets/_virtual_mf__loadShare__react-DDDDDDDD.js')]);
    expect(files?.css).toEqual([at('assets/screens-EEEEEEEE.css')]);
  });

  it('include the strings of the languages asked for only', () => {
    expect(exposedFiles(manifest, ENTRY, './HomePage', ['fr'])?.strings).toEqual([at('assets/fr-CCCCCCCC.js')]);
    expect(exposedFiles(manifest, ENTRY, './TermsPage', ['zh-TW'])?.strings).toEqual([at('assets/zh-TW-IIIIIIII.js')]);
  });

  it('include every namespace the module uses in each language, so none loads after the code', () => {
    expect(exposedFiles(manifest, ENTRY, './TermsPage', ['fr', 'en'])?.strings).toEqual([
      at('assets/fr-CCCCCCCC.js'),
      at('assets/fr-HHHHHHHH.js'),
      at('assets/en-BBBBBBBB.js'),
      at('assets/en-GGGGGGGG.js'),
    ]);
  });

  it('are unknown for a module the remote does not expose', () => {
    expect(exposedFiles(manifest, ENTRY, './Missing', ['en'])).toBeUndefined();
  });
});
