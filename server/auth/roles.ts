export type Role = "admin" | "clientManager" | "none";
export type StaffUser = { id: string; email: string; name: string; role: Role };

/** The claims a signed-in user carries (SPEC.md sections 3 and 6). */
export type Claims = { admin: boolean; role?: string | null };

/** SPEC.md section 6: admin claim gives admin; else role clientManager; else none. */
export function deriveRole(claims: Claims): Role {
  if (claims.admin === true) return "admin";
  if (claims.role === "clientManager") return "clientManager";
  return "none";
}

/** The claims of a stored user: the admin plugin's role field holds "admin" for admins. */
export function claimsOf(user: { role?: string | null }): Claims {
  const roles = (user.role ?? "").split(",").map((role) => role.trim());
  return {
    admin: roles.includes("admin"),
    role: roles.find((role) => role !== "admin") ?? null,
  };
}

export const ROLES = ["admin", "clientManager", "none"] as const satisfies readonly Role[];

export { roleLabel } from "#shared/roles.ts";
