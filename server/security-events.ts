/**
 * Security events as structured log lines, one per event, from the server and from the admin CLI:
 * what happened, to which account, from which address, why. Never a password, token or cookie:
 * callers pass only the fields below, and the line is built from them alone.
 */
export type SecurityEventType =
  | 'sign-in.succeeded'
  | 'sign-in.failed'
  | 'sign-in.refused'
  | 'sign-out'
  | 'sign-out.everywhere'
  | 'password.changed'
  | 'account.created'
  | 'backup'
  | 'restore'
  | 'import';

export interface SecurityEventDetails {
  /** The account's e-mail (lower-cased by the caller when known to be an account). */
  email?: string;
  /** The client's address as the server sees it (behind TRUST_PROXY: the forwarded one). */
  ip?: string;
  /** A short machine-readable reason: 'bad-password', 'locked', 'not-admin', 'busy' … */
  reason?: string;
  /** A file the event concerns (backup, restore, import). */
  file?: string;
  /** How many sessions an event ended. */
  sessionsEnded?: number;
}

/** Anything with pino's info(obj, msg): Fastify's request or app logger. */
export interface EventLogger {
  info(object: object, message: string): void;
}

const ALLOWED: (keyof SecurityEventDetails)[] = ['email', 'ip', 'reason', 'file', 'sessionsEnded'];

/** The event's fields, and only those (a caller cannot slip a password in by passing a wider object). */
export function securityEventFields(type: SecurityEventType, details: SecurityEventDetails = {}): Record<string, unknown> {
  const fields: Record<string, unknown> = { security: type };
  for (const key of ALLOWED) if (details[key] !== undefined) fields[key] = details[key];
  return fields;
}

export function logSecurityEvent(log: EventLogger, type: SecurityEventType, details: SecurityEventDetails = {}): void {
  log.info(securityEventFields(type, details), 'security event');
}

/** The CLI's logger: one JSON line on stderr (stdout carries the human messages). */
export const cliEventLogger: EventLogger = {
  info(object, message) {
    process.stderr.write(`${JSON.stringify({ level: 30, time: Date.now(), ...object, msg: message })}\n`);
  },
};
