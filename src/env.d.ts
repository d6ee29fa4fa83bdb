/** Build constants (vite.config.ts `define`). */
declare const __FIREBASE_SETTINGS_GIVEN__: boolean;
