/** Staff roles as people read them. */
export const roleLabel = {
  admin: "Admin",
  clientManager: "Client manager",
  none: "No access",
} as const;
