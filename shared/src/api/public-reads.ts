import { createContext, use, useContext } from 'react';
import type { PlanItem, SiteConfig, VideoTemplate } from './types.ts';

/** The public API reads (GET, no session) a page's first HTML may already carry, by name. */
export interface PublicReadData {
  templates: VideoTemplate[];
  plans: PlanItem[];
  config: SiteConfig;
}

export type PublicReadName = keyof PublicReadData;

/**
 * Where each one is read for a page in a language (the catalogue answers with its titles and prompts in it): the
 * same calls `api.templates`, `api.plans` and `api.config` make.
 */
export const PUBLIC_READ_PATHS: Readonly<Record<PublicReadName, (lng: string) => string>> = {
  templates: (lng) => `/api/video/templates?lang=${encodeURIComponent(lng)}`,
  plans: () => '/api/subscription/plans',
  config: () => '/api/config',
};

/**
 * The answers a page was drawn with. The shell's server asks the API while it draws a page (`read` may then give a
 * promise, which suspends the drawing until the answer is in or the server gives up) and writes what it got into
 * the boot data; in the browser the shell hands those answers back, so the page it takes over starts from the
 * same data, with no loading state and no second fetch of it.
 */
export interface PublicReads {
  /** The API's `data` for this read, a promise of it, or undefined when it is not known (the screen loads it then). */
  read(name: PublicReadName): unknown;
}

export const PublicReadsContext = createContext<PublicReads | null>(null);

/** What the page was drawn with for this read, or undefined; a screen starts from it instead of loading. */
export function usePublicRead<Name extends PublicReadName>(name: Name): PublicReadData[Name] | undefined {
  const answer = useContext(PublicReadsContext)?.read(name);
  return (answer instanceof Promise ? use(answer) : answer) as PublicReadData[Name] | undefined;
}
