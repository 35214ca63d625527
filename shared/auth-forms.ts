import { z } from "./zod";

// The forms of sign-in, first-run setup, password reset, invitations and the team screen.

export const PASSWORD_MIN = 12;
export const PASSWORD_MAX = 128;

const email = z
  .string({ error: "Enter your email address." })
  .trim()
  .toLowerCase()
  .min(1, "Enter your email address.")
  .max(254, "That email address is too long.")
  .pipe(z.email({ error: "Enter a valid email address, like name@example.com." }));

export const newPassword = z
  .string({ error: "Choose a password." })
  .min(PASSWORD_MIN, `Use at least ${PASSWORD_MIN} characters.`)
  .max(PASSWORD_MAX, `Use at most ${PASSWORD_MAX} characters.`);

const name = z
  .string({ error: "Enter a name." })
  .trim()
  .min(1, "Enter a name.")
  .max(100, "Use at most 100 characters for the name.");

export const staffRoles = ["admin", "clientManager", "none"] as const;
const role = z.enum(staffRoles, { error: "Choose admin, client manager or no access." });

function confirmed<T extends { password: string; confirmPassword: string }>(value: T) {
  return value.password === value.confirmPassword;
}
const confirmIssue = { message: "The two passwords do not match.", path: ["confirmPassword"] };

export const loginSchema = z.object({
  email,
  password: z
    .string({ error: "Enter your password." })
    .min(1, "Enter your password.")
    .max(PASSWORD_MAX, `Passwords are at most ${PASSWORD_MAX} characters.`),
  redirectTo: z.string().optional(),
});

export const forgotPasswordSchema = z.object({ email });

export const resetPasswordSchema = z
  .object({ token: z.string().min(1), password: newPassword, confirmPassword: z.string() })
  .refine(confirmed, confirmIssue);

export const setupSchema = z
  .object({
    token: z.string().min(1),
    name,
    email,
    password: newPassword,
    confirmPassword: z.string(),
  })
  .refine(confirmed, confirmIssue);

export const acceptInviteSchema = z
  .object({ token: z.string().min(1), name, password: newPassword, confirmPassword: z.string() })
  .refine(confirmed, confirmIssue);

export const changePasswordSchema = z
  .object({
    currentPassword: z.string().min(1, "Enter your current password.").max(PASSWORD_MAX),
    password: newPassword,
    confirmPassword: z.string(),
  })
  .refine(confirmed, confirmIssue);

/** The second step of a sign-in: the authenticator app's code, or one recovery code. */
export const signInCodeSchema = z.object({
  code: z
    .string({ error: "Enter the code." })
    .trim()
    .min(1, "Enter the code.")
    .max(40, "That code is too long."),
  method: z.enum(["totp", "recovery"]).default("totp"),
  redirectTo: z.string().optional(),
});

/** The two-factor steps on My account that ask for the password again. */
export const accountPasswordSchema = z.object({
  accountPassword: z
    .string({ error: "Enter your password." })
    .min(1, "Enter your password.")
    .max(PASSWORD_MAX),
});

/** The first code from the authenticator app, which turns two-factor sign-in on. */
export const twoFactorCodeSchema = z.object({
  code: z
    .string({ error: "Enter the 6-digit code from your authenticator app." })
    .trim()
    .regex(/^\d{6}$/, "Enter the 6-digit code from your authenticator app."),
});

/** A WebAuthn answer of the browser, sent as JSON text in a form field. */
const credential = z
  .string({ error: "The passkey answer is missing. Try again." })
  .min(2, "The passkey answer is missing. Try again.")
  .max(20_000, "The passkey answer is too long.");

export const passkeySignInSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("options") }),
  z.object({ intent: z.literal("verify"), credential, redirectTo: z.string().optional() }),
]);

export const passkeyName = z
  .string({ error: "Name the passkey, like “Work laptop”." })
  .trim()
  .min(1, "Name the passkey, like “Work laptop”.")
  .max(60, "Use at most 60 characters for the name.");

export const addPasskeySchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("options") }),
  z.object({ intent: z.literal("add"), name: passkeyName, credential }),
]);

export const removePasskeySchema = z.object({ passkeyId: z.string().min(1).max(100) });

export const teamActionSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("invite"), email, role }),
  z.object({ intent: z.literal("set-role"), userId: z.string().min(1), role }),
  z.object({ intent: z.literal("disable"), userId: z.string().min(1) }),
  z.object({ intent: z.literal("enable"), userId: z.string().min(1) }),
  z.object({ intent: z.literal("send-reset"), userId: z.string().min(1) }),
  z.object({ intent: z.literal("require-two-factor"), isRequired: z.enum(["on", "off"]) }),
]);

export const createStaffSchema = z.object({
  email,
  password: newPassword,
  role,
  name: name.optional(),
});

/** A redirect target after sign-in: a path on this site only, never another origin. */
export function safeRedirect(target: unknown, fallback = "/admin") {
  if (typeof target !== "string" || !target.startsWith("/") || target.startsWith("//"))
    return fallback;
  if (target.includes("\\") || [...target].some((char) => char.charCodeAt(0) < 32)) return fallback;
  return target;
}

export const RESET_REQUESTED_MESSAGE =
  "If an account exists for that email, a reset link is on its way. It works once, for 1 hour.";

export const TWO_FACTOR_REQUIRED_MESSAGE =
  "Your team requires two-factor sign-in. Set it up below to continue to the command center.";
