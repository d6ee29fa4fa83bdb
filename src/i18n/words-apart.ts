/**
 * No dictionary in the bundle: the public page's client bundle has this in place of './words-bundled' (vite.config.ts).
 * Its page carries the first screen's words of its language (src/i18n/first-words.ts), and each language's whole
 * dictionary is a chunk of its own, loaded when wanted (src/i18n/translate.ts loadLanguage).
 */
export const en = undefined;
export const ro = undefined;
