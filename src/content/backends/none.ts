import { NO_BACKEND_WARNING, type ContentReader } from '../backend';
import { EMPTY_CONTENT } from '../page-data';

/** No backend: static content only. The admin is disabled. */
export function createNoneReader(): ContentReader {
  console.warn(NO_BACKEND_WARNING);
  return { kind: 'none', content: async () => EMPTY_CONTENT };
}
