import { redirect } from "react-router";
import type { AppContext } from "../context";

/**
 * The permission helper every admin loader and action calls itself.
 * (The sign-in issue replaces this interim version, which lets nobody in.)
 */
export type Role = "admin" | "clientManager" | "none";
export type StaffUser = { id: string; email: string; name: string; role: Role };
/** "staff": admin or clientManager; "admin": admin only. */
export type Access = "staff" | "admin";

type GuardArgs = { request: Request; context: AppContext };

export async function requireUser({ request }: GuardArgs): Promise<StaffUser> {
  const url = new URL(request.url);
  throw redirect(`/login?redirectTo=${encodeURIComponent(url.pathname + url.search)}`);
}

export async function requireRole(args: GuardArgs, _access: Access): Promise<StaffUser> {
  return requireUser(args);
}
