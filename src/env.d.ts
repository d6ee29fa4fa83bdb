/** Build constants (vite.config.ts `define`). */
declare const __FIREBASE_SETTINGS_GIVEN__: boolean;
/** The Firebase settings by name (FIREBASE_ENV, FIREBASE_ENV_OPTIONAL); VITE_ADMIN_EMAIL in the admin's build only. */
declare const __FIREBASE_ENV__: Record<string, string>;
