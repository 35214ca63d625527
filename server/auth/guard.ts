import { redirect } from "react-router";
import type { AppContext } from "#server/context.ts";
import { oncePerRequest } from "#server/request-memo.ts";
import { redirectWithToast } from "#server/toast.ts";
import type { StaffUser } from "./roles";
import { getSessionUser, type SignedOutReason } from "./session";
import { isTwoFactorRequired } from "./two-factor-policy";

/**
 * The permission helper every admin loader and action calls itself.
 * Roles follow SPEC.md section 6 (server/auth/roles.ts).
 */
/** "staff": admin or clientManager; "admin": admin only. */
export type Access = "staff" | "admin";

type GuardArgs = { request: Request; context: AppContext };
type SessionArgs = {
  request: Request;
  context: Pick<AppContext, "db" | "env" | "clientAddress">;
};

export const ADMIN_HOME = "/admin";
export const ADMIN_ONLY_MESSAGE = "That page is for admins only.";

/** The page the browser asked for (React Router's data requests end in ".data"). */
export function requestedPath(request: Request) {
  const url = new URL(request.url);
  let pathname = url.pathname.replace(/\.data$/, "");
  if (pathname === "/_root") pathname = "/";
  url.searchParams.delete("_routes");
  url.searchParams.delete("index");
  const search = url.searchParams.toString();
  return pathname + (search ? `?${search}` : "");
}

function loginRedirect(request: Request, reason: SignedOutReason): never {
  const target = new URLSearchParams({ redirectTo: requestedPath(request) });
  if (reason !== "none") target.set("reason", reason);
  throw redirect(`/login?${target}`);
}

/** Where a staff member sets up two-factor sign-in when the team requires it. */
export const TWO_FACTOR_SETUP_PATH = "/admin/account";

type UserOptions = {
  /** Only for /admin/account (and the shell around it): where two-factor sign-in is set up. */
  allowTwoFactorSetup?: boolean;
};

/** Who a request is, for staff data: signed out, signed in, or held by the two-factor rule. */
export type StaffSessionCheck =
  | { state: "signed-out"; reason: SignedOutReason }
  | { state: "two-factor-required" | "signed-in"; user: StaffUser; sessionId: string };

/**
 * The one check every way into staff data makes (decision 216): admin pages, their resource
 * routes and downloads through `requireUser` and `requireRole`, and the staff chat socket
 * (server/chat/staff-sessions.ts). While the team requires two-factor sign-in (decision 212),
 * an account without it is "two-factor-required": it reaches nothing but the set-up.
 */
export async function checkStaffSession(args: SessionArgs): Promise<StaffSessionCheck> {
  const found = await getSessionUser(args);
  if (!found.user) return { state: "signed-out", reason: found.reason };
  const isHeld = !found.hasTwoFactor && (await isHeldByTwoFactorRule(args));
  return {
    state: isHeld ? "two-factor-required" : "signed-in",
    user: found.user,
    sessionId: found.sessionId,
  };
}

/** Whether the team requires two-factor sign-in, read once per request. */
function isHeldByTwoFactorRule(args: SessionArgs) {
  return oncePerRequest(args, isTwoFactorRequired, () => isTwoFactorRequired(args.context.db));
}

/**
 * Any signed-in user, whatever the role; otherwise a redirect to /login?redirectTo=...
 * When the team requires two-factor sign-in (decision 212) and this account has none, every
 * admin loader and action sends the person to set it up first, except the set-up itself.
 */
export async function requireUser(
  args: GuardArgs,
  { allowTwoFactorSetup = false }: UserOptions = {},
): Promise<StaffUser & { mustSetUpTwoFactor: boolean }> {
  const found = await checkStaffSession(args);
  if (found.state === "signed-out") loginRedirect(args.request, found.reason);
  const mustSetUpTwoFactor = found.state === "two-factor-required";
  if (mustSetUpTwoFactor && !allowTwoFactorSetup) throw redirect(TWO_FACTOR_SETUP_PATH);
  return { ...found.user, mustSetUpTwoFactor };
}

/**
 * For the admin index and the shell: the signed-in user even with role none, so the
 * dashboard can say "no access" (and show no data) instead of redirecting to itself.
 */
export async function getStaffAccess(
  args: GuardArgs,
  options: UserOptions = {},
): Promise<{ user: StaffUser; hasAccess: boolean; mustSetUpTwoFactor: boolean }> {
  const { mustSetUpTwoFactor, ...user } = await requireUser(args, options);
  return { user, hasAccess: user.role !== "none", mustSetUpTwoFactor };
}

/**
 * A signed-in user allowed in by `access`; otherwise throws the redirect: to
 * /login when signed out, to /admin (the "no access" page) for role none, to
 * /admin with an error toast for a clientManager on an admin-only page.
 */
export async function requireRole(args: GuardArgs, access: Access): Promise<StaffUser> {
  const { mustSetUpTwoFactor: _, ...user } = await requireUser(args);
  if (user.role === "none") {
    if (requestedPath(args.request).split("?")[0].replace(/\/$/, "") === ADMIN_HOME)
      throw new Response("No access", { status: 403 });
    throw redirect(ADMIN_HOME);
  }
  if (access === "admin" && user.role !== "admin") {
    throw await redirectWithToast(ADMIN_HOME, { message: ADMIN_ONLY_MESSAGE, type: "error" });
  }
  return user;
}
