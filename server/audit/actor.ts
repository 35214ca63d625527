/** Who makes a change, for the audit log: a staff user, or a client by address (actorId null). */
export type Actor = { id: string | null; email?: string | null; address?: string | null };

/** The actor of a loader or action: the signed-in staff user and the request's address. */
export function staffActor(user: { id: string; email: string }, address: string): Actor {
  return { id: user.id, email: user.email, address };
}
