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

export const NO_BACKEND_WARNING = 'Scena: no content backend is configured, so the admin and dynamic stats are not enabled.';

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

  /**
   * History (docs/decisions: history and undo). Every admin write of a singleton or a list item keeps
   * a version; these read and restore them. `id` names a list item and is absent for a singleton.
   */
  history(kind: ContentKindName, id?: string): Promise<HistoryEntry[]>;
  /**
   * Makes a kept version the current one; the restore is itself a new version. For a removed list item
   * it brings the item back, with its id, at the end of the list. A version older than the last
   * HISTORY_LIMIT is refused (BackendError code 'not-found').
   */
  restoreVersion(kind: ContentKindName, id: string | undefined, version: number): Promise<void>;
  /** The items removed from a list that can still be restored, most recently removed first. */
  removedItems(list: ContentListName): Promise<RemovedItem[]>;
}

/** The kinds of content, by name ('settings', 'stats', 'releases', 'collaborators'). */
export type ContentKindName = 'settings' | 'stats' | ContentListName;
export type ContentListName = 'releases' | 'collaborators';

/** How many versions of each singleton or list item are kept and can be restored. */
export const HISTORY_LIMIT = 50;

/** One version of a singleton or of a list item, as it was right after a write. */
export interface HistoryEntry {
  /** 1, 2, 3 … per singleton or list item; never reused. */
  version: number;
  /** When it was written (ISO 8601, UTC). */
  at: string;
  action: 'create' | 'update' | 'remove' | 'restore';
  /** The whole value after this write (without the id); null after a remove. */
  value: Record<string, unknown> | null;
  /** The fields that differ from the version before ("links.spotify" for a link), for "what changed". */
  changed: string[];
}

export interface RemovedItem {
  id: string;
  /** When it was removed (ISO 8601, UTC). */
  at: string;
  /** The item as it was before it was removed (without the id). */
  value: Record<string, unknown>;
  /** The version that holds it, for restoreVersion. */
  version: number;
}
