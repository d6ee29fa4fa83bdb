import { NO_BACKEND_WARNING, type ContentReader } from '../backend';

/** No backend: static content only. The admin is disabled. */
export function createNoneReader(): ContentReader {
  console.warn(NO_BACKEND_WARNING);
  return {
    kind: 'none',
    getSettings: async () => undefined,
    getStats: async () => undefined,
    listReleases: async () => [],
    listCollaborators: async () => [],
    listMedia: async () => [],
  };
}
