import { useStore } from 'zustand';
import { createStore } from 'zustand/vanilla';
import type { Requirements, SignerRole } from '../../signing';

/**
 * The roles the user requires of every signed document (the studio's `erdl verify
 * --require-roles`): each must be signed by a trusted key, the author and the reviewer by
 * different keys, or the verdict is "NOT verified — required role missing: …". Kept in
 * localStorage for this browser; none by default.
 */
const KEY = 'erdl-studio.signing.required-roles';
const ROLES: readonly SignerRole[] = ['author', 'reviewer'];

function load(): readonly SignerRole[] {
  try {
    const value: unknown = JSON.parse(globalThis.localStorage?.getItem(KEY) ?? '[]');
    return Array.isArray(value) ? ROLES.filter((r) => value.includes(r)) : [];
  } catch {
    return [];
  }
}

const store = createStore<{ readonly roles: readonly SignerRole[] }>()(() => ({ roles: load() }));

/** Requires `role` (or no longer), keeping the roles in their fixed order. */
export function requireRole(role: SignerRole, required: boolean): void {
  const now = store.getState().roles;
  const roles = ROLES.filter((r) => (r === role ? required : now.includes(r)));
  store.setState({ roles });
  try {
    globalThis.localStorage?.setItem(KEY, JSON.stringify(roles));
  } catch {
    // Storage full or unavailable: the choice holds for this page.
  }
}

export function useRequiredRoles(): readonly SignerRole[] {
  return useStore(store, (s) => s.roles);
}

/** The requirements of the verdict now (null when no role is required). */
export function requirementsNow(): Requirements | null {
  const roles = store.getState().roles;
  return roles.length > 0 ? { roles } : null;
}

export function requirementsOf(roles: readonly SignerRole[]): Requirements | null {
  return roles.length > 0 ? { roles } : null;
}
