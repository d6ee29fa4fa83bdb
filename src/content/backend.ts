/**
 * The content-backend interface. UI code talks only to this; the adapters in ./backends
 * are the only code that knows about HTTP or Firebase.
 */
import type { Collaborator, Release, Settings, Stats } from './model';

export type BackendKind = 'server' | 'firebase' | 'none';

/** What the public page reads. Every adapter implements it. */
export interface ContentReader {
  readonly kind: BackendKind;
  /** settings/main, or undefined when it does not exist. */
  getSettings(): Promise<Settings | undefined>;
  /** stats/main, or undefined when it does not exist. */
  getStats(): Promise<Stats | undefined>;
  listReleases(): Promise<Release[]>;
  listCollaborators(): Promise<Collaborator[]>;
}

export const NO_BACKEND_WARNING =
  'Scena: no content backend is configured, so the admin and dynamic stats are not enabled.';

/** The signed-in account, as the admin UI sees it. */
export interface AuthUser {
  email: string;
  /** True only when the e-mail equals the configured admin e-mail (case-insensitive). */
  isAdmin: boolean;
}

/** An error whose message is fit to show the admin (the backend's own wording, or ours). */
export class BackendError extends Error {
  override name = 'BackendError';
  constructor(
    message: string,
    readonly code?: string,
    readonly field?: string,
  ) {
    super(message);
  }
}

/** What the admin area needs on top of reading. Loaded lazily, only by the admin app. */
export interface ContentAdmin extends ContentReader {
  signIn(email: string, password: string): Promise<AuthUser>;
  signOut(): Promise<void>;
  /** Calls back at once with the current state, then on every change. Returns the unsubscribe. */
  onAuthChange(callback: (user: AuthUser | null) => void): () => void;
  saveSettings(settings: import('./model').Settings): Promise<void>;
  saveStats(stats: import('./model').Stats): Promise<void>;
  addRelease(input: import('./model').ReleaseInput): Promise<Release>;
  updateRelease(id: string, input: import('./model').ReleaseInput): Promise<void>;
  deleteRelease(id: string): Promise<void>;
  reorderReleases(ids: string[]): Promise<void>;
  addCollaborator(input: import('./model').CollaboratorInput): Promise<Collaborator>;
  updateCollaborator(id: string, input: import('./model').CollaboratorInput): Promise<void>;
  deleteCollaborator(id: string): Promise<void>;
  reorderCollaborators(ids: string[]): Promise<void>;
  /**
   * Changes the signed-in admin's password; every other session ends, this one stays. A refusal names
   * its field: `currentPassword` (not right) or `newPassword` (the policy).
   */
  changePassword(currentPassword: string, newPassword: string): Promise<void>;
  /** Ends every session of the account, this one included. Absent where the backend cannot do it. */
  signOutEverywhere?(): Promise<void>;
}
