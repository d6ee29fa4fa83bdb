import { createContext, useContext, useEffect, useState, type ReactNode } from 'react';
import type { AuthUser, ContentAdmin } from '../content/backend';
import type { AdminBackend } from './backend';

export type AuthState = { status: 'loading' } | { status: 'signed-out' } | { status: 'signed-in'; user: AuthUser };

interface AdminContextValue {
  admin: AdminBackend;
  auth: AuthState;
}

const AdminContext = createContext<AdminContextValue | null>(null);

export function AdminProvider(props: { admin: AdminBackend; children: ReactNode }) {
  const { admin } = props;
  const [auth, setAuth] = useState<AuthState>(() => (admin.kind === 'none' ? { status: 'signed-out' } : { status: 'loading' }));
  useEffect(() => {
    if (admin.kind === 'none') return;
    return admin.backend.onAuthChange((user) => setAuth(user ? { status: 'signed-in', user } : { status: 'signed-out' }));
  }, [admin]);
  return <AdminContext.Provider value={{ admin, auth }}>{props.children}</AdminContext.Provider>;
}

export function useAdmin(): AdminContextValue {
  const value = useContext(AdminContext);
  if (!value) throw new Error('useAdmin must be used inside <AdminProvider>.');
  return value;
}

/** The configured backend; only for pages that render behind the guard, where one exists. */
export function useBackend(): ContentAdmin {
  const { admin } = useAdmin();
  if (admin.kind === 'none') throw new Error('No backend is configured.');
  return admin.backend;
}
