import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from '@playwright/test';

const root = join(import.meta.dirname, '..', '..');

type Owner = 'marketing' | 'generator' | 'billing' | 'shell';

/** A remote's strings in one language: its main file and those of its other namespaces (src/locales/<namespace>/). */
function remoteStrings(owner: Exclude<Owner, 'shell'>, lng: string): Record<string, unknown> {
  const locales = join(root, `mfe-${owner}`, 'src', 'locales');
  const files = [join(locales, `${lng}.json`)];
  for (const entry of readdirSync(locales, { withFileTypes: true })) {
    if (entry.isDirectory() && existsSync(join(locales, entry.name, `${lng}.json`))) files.push(join(locales, entry.name, `${lng}.json`));
  }
  return Object.assign({}, ...files.map((file) => JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>));
}

/** A string as the app ships it, so tests check the language a page should be in. */
export function shipped(owner: Owner, lng: string, key: string): string {
  let node: unknown =
    owner === 'shell' ? JSON.parse(readFileSync(join(root, 'shell', 'public', 'locales', lng, 'translation.json'), 'utf8')) : remoteStrings(owner, lng);
  for (const part of key.split('.')) node = (node as Record<string, unknown>)[part];
  if (typeof node !== 'string') throw new Error(`${owner}/${lng}: no string at ${key}`);
  return node;
}

/** A route's address in a language: `/fr/pricing`, and `/fr` for the home page. */
export function localized(lng: string, path: string): string {
  return path === '/' ? `/${lng}` : `/${lng}${path}`;
}

/** Every route with the remote that must render it and the key of its heading. */
export const ROUTES = [
  { path: '/', remote: 'marketing', heading: 'home.title' },
  { path: '/text-to-video', remote: 'marketing', heading: 'textLanding.title' },
  { path: '/image-to-video', remote: 'marketing', heading: 'imageLanding.title' },
  { path: '/free-video-templates', remote: 'marketing', heading: 'templates.title' },
  { path: '/about-us', remote: 'marketing', heading: 'about.title' },
  { path: '/faqs', remote: 'marketing', heading: 'faqs.title' },
  { path: '/contact', remote: 'marketing', heading: 'contact.title' },
  { path: '/privacy-policy', remote: 'marketing', heading: 'privacy.title' },
  { path: '/terms-of-service', remote: 'marketing', heading: 'terms.title' },
  { path: '/text-to-video/generator', remote: 'generator', heading: 'title' },
  { path: '/image-to-video/generator', remote: 'generator', heading: 'title' },
  { path: '/generator', remote: 'generator', heading: 'title' },
  { path: '/pricing', remote: 'billing', heading: 'pricing.title' },
  { path: '/payment/success', remote: 'billing', heading: 'success.notFoundTitle' },
  { path: '/payment/cancel', remote: 'billing', heading: 'cancel.title' },
] as const;

/**
 * Waits until React owns the page (`<html data-interactive>`). A public page arrives drawn by the server, so its
 * text is visible before its script has run; a click or a keystroke before this point reaches plain HTML.
 */
export async function untilInteractive(page: Page): Promise<void> {
  await page.locator('html[data-interactive="true"]').waitFor({ state: 'attached' });
}
