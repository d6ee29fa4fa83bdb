/**
 * The one form of an e-mail address the server compares, stores and keys on (accounts, the sign-in
 * throttle, device cookies, the admin CLI): "  Admin@Example.com " and "admin@example.com" are one
 * account, so they must be one throttle key and one device too.
 */
export const normalEmail = (email: string) => email.trim().toLowerCase();
