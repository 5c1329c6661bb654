/**
 * What the shell provides to every app as the shared `react-i18next` singleton: only the parts the site's apps
 * import (the provider, the i18next plugin and the hook), so the page does not download the components no screen
 * uses (Trans and its HTML parser, Translation, withTranslation, the SSR helpers). A name an app imports from
 * 'react-i18next' must be listed here, or that app would read undefined at runtime: provided-exports.test.ts
 * checks every app's sources.
 *
 * The modules come from the package's own files under a name the federation plugin does not share (an alias in
 * the shell's Vite and Vitest configs, typed in react-i18next-files.d.ts): importing 'react-i18next' here would
 * import this module's own shared wrapper.
 */
export { I18nextProvider } from 'react-i18next-files/I18nextProvider.js';
export { initReactI18next } from 'react-i18next-files/initReactI18next.js';
export { useTranslation } from 'react-i18next-files/useTranslation.js';
