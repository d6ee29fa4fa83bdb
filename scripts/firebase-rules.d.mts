/** Types of scripts/firebase-rules.mjs (plain Node, so the emulator script can use it without a build). */
export declare const RULES_FILE: string;
/** The rules text with `email` (lower-cased) as the admin's address. Throws on anything but an address. */
export declare function rulesForAdmin(email: string, text?: string): string;
/** The admin address the rules name. */
export declare function rulesAdminEmail(text?: string): string | undefined;
/** VITE_ADMIN_EMAIL (environment or .env files), else adminEmailFallback in site.config.ts. */
export declare function configuredAdminEmail(): string;
