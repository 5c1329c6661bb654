// The reference build puts loader.ts in the site loader's place, so it must offer every export of it: one it lacks
// fails this type check (in the gate), not the bench's build.
import type * as SiteLoader from 'shell/bench-reference/loader';
import type * as ReferenceLoader from './loader.ts';

type Missing = Exclude<keyof typeof SiteLoader, keyof typeof ReferenceLoader>;
const offersEveryExport: [Missing] extends [never] ? true : Missing = true;
void offersEveryExport;
