// The package's files that i18n-react-exports.ts imports through the alias in the shell's vite.config.ts.
declare module 'react-i18next-files/I18nextProvider.js' {
  export { I18nextProvider } from 'react-i18next';
}
declare module 'react-i18next-files/initReactI18next.js' {
  export { initReactI18next } from 'react-i18next';
}
declare module 'react-i18next-files/useTranslation.js' {
  export { useTranslation } from 'react-i18next';
}
