/** Both dictionaries in the same bundle: everywhere but the public page's client bundle (src/i18n/translate.ts). */
export { en } from './en';
export { ro } from './ro';
