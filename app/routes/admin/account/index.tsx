import { data } from "react-router";
import { PageHeader } from "#app/components/admin/page-header.tsx";
import {
  type FormResult,
  fieldErrors,
  keepDataAfterFailure,
  useResultToast,
  withNetworkError,
} from "#app/components/auth/auth-form.tsx";
import { requireUser } from "#server/auth/guard.ts";
import { listPasskeys, removePasskey } from "#server/auth/passkeys.ts";
import { getSessionUser } from "#server/auth/session.ts";
import {
  confirmTwoFactorSetup,
  disableTwoFactor,
  findPendingSetup,
  findTwoFactorStatus,
  regenerateRecoveryCodes,
  startTwoFactorSetup,
} from "#server/auth/two-factor.ts";
import { changeOwnPassword } from "#server/auth/users.ts";
import { errorResponse, invalid } from "#server/errors.ts";
import { readForm } from "#server/form-body.ts";
import { getTimeZone, saveTimeProfile } from "#server/time/profiles.ts";
import { redirectWithToast } from "#server/toast.ts";
import {
  accountPasswordSchema,
  changePasswordSchema,
  removePasskeySchema,
  TWO_FACTOR_REQUIRED_MESSAGE,
  twoFactorCodeSchema,
} from "#shared/auth-forms.ts";
import { roleLabel } from "#shared/roles.ts";
import type { z } from "#shared/zod.ts";
import type { Route } from "./+types/index";
import { PasskeysSection } from "./passkeys-section";
import { PasswordSection } from "./password-section";
import { TimeZoneSection } from "./time-zone-section";
import { type RecoveryCodesResult, TwoFactorSection } from "./two-factor-section";

export const meta = () => [{ title: "My account | Command Center" }];

// Only these steps are open while the team requires two-factor sign-in and it is not set up.
const SETUP_INTENTS = new Set(["start-two-factor", "confirm-two-factor"]);

// Every signed-in staff member, whatever the role, manages their own sign-in here.
export async function loader(args: Route.LoaderArgs) {
  const user = await requireUser(args, { allowTwoFactorSetup: true });
  const [status, pendingSetup, passkeys] = await Promise.all([
    findTwoFactorStatus(args.context, user.id),
    findPendingSetup(args.context, user),
    listPasskeys(args.context.db, user.id),
  ]);
  const timeZone = await getTimeZone(args.context.db, user.id);
  return {
    email: user.email,
    name: user.name,
    role: user.role,
    twoFactor: { ...status, mustSetUp: user.mustSetUpTwoFactor, pendingSetup },
    passkeys,
    timeZone,
    timeZones: Intl.supportedValuesOf("timeZone"),
  };
}

function parse<Schema extends z.ZodType>(schema: Schema, form: FormData): z.output<Schema> {
  const parsed = schema.safeParse(Object.fromEntries(form));
  if (!parsed.success) throw invalid(parsed.error, "Check the form: something is missing.");
  return parsed.data;
}

export async function action(args: Route.ActionArgs) {
  const form = await readForm(args.request);
  const intent = String(form.get("intent") ?? "change-password");
  const user = await requireUser(args, { allowTwoFactorSetup: SETUP_INTENTS.has(intent) });
  const { context } = args;
  const signedIn = { request: args.request, user };
  try {
    switch (intent) {
      case "start-two-factor": {
        const input = parse(accountPasswordSchema, form);
        await startTwoFactorSetup(context, signedIn, { password: input.accountPassword });
        return { ok: true as const };
      }
      case "confirm-two-factor": {
        const input = parse(twoFactorCodeSchema, form);
        const { cookies, recoveryCodes } = await confirmTwoFactorSetup(context, signedIn, input);
        const message = "Two-factor sign-in is on. Save your recovery codes now.";
        return data({ ok: true as const, message, recoveryCodes }, { headers: cookies });
      }
      case "regenerate-codes": {
        const input = parse(accountPasswordSchema, form);
        const { recoveryCodes } = await regenerateRecoveryCodes(context, signedIn, {
          password: input.accountPassword,
        });
        const message = "New recovery codes are ready; the old ones no longer work.";
        return { ok: true as const, message, recoveryCodes };
      }
      case "remove-passkey": {
        const input = parse(removePasskeySchema, form);
        const removed = await removePasskey(context, signedIn, input);
        return redirectWithToast("/admin/account", {
          message: `Passkey “${removed.name || "Passkey"}” removed.`,
        });
      }
      case "time-zone": {
        await saveTimeProfile({
          db: context.db,
          actor: { id: user.id, email: user.email, address: context.clientAddress },
          userId: user.id,
          timeZone: String(form.get("timeZone") ?? "").trim(),
        });
        return redirectWithToast("/admin/account", { message: "Time zone saved." });
      }
      case "disable-two-factor": {
        const input = parse(accountPasswordSchema, form);
        const { cookies } = await disableTwoFactor(context, signedIn, {
          password: input.accountPassword,
        });
        return redirectWithToast(
          "/admin/account",
          { message: "Two-factor sign-in is off." },
          { headers: cookies },
        );
      }
      default: {
        const input = parse(changePasswordSchema, form);
        const session = await getSessionUser(args);
        await changeOwnPassword(
          context,
          {
            userId: user.id,
            sessionId: session.user ? session.sessionId : undefined,
            currentPassword: input.currentPassword,
            password: input.password,
          },
          { id: user.id, email: user.email, address: context.clientAddress },
        );
        return redirectWithToast("/admin/account", {
          message: "Your password is changed. Your other sessions are signed out.",
        });
      }
    }
  } catch (error) {
    return errorResponse(error);
  }
}

export const shouldRevalidate = keepDataAfterFailure;

export async function clientAction({ serverAction }: Route.ClientActionArgs) {
  return withNetworkError(serverAction);
}

export default function AccountScreen({ loaderData, actionData }: Route.ComponentProps) {
  const result = actionData as FormResult;
  useResultToast(result);
  const recoveryCodes = (actionData as RecoveryCodesResult | undefined)?.recoveryCodes;
  const { twoFactor } = loaderData;
  return (
    <main id="main" className="p-6 sm:p-10">
      <PageHeader
        title="My account"
        description={`${loaderData.name} · ${loaderData.email} · ${roleLabel[loaderData.role]}`}
      />
      {twoFactor.mustSetUp ? (
        <p role="alert" className="mb-6 max-w-lg rounded-lg border border-amber-300/40 p-4">
          {TWO_FACTOR_REQUIRED_MESSAGE}
        </p>
      ) : null}
      <TwoFactorSection view={twoFactor} result={result} recoveryCodes={recoveryCodes} />
      {twoFactor.mustSetUp ? null : (
        <>
          <TimeZoneSection
            timeZone={loaderData.timeZone}
            timeZones={loaderData.timeZones}
            error={fieldErrors(result, "timeZone")?.[0]}
          />
          <PasskeysSection passkeys={loaderData.passkeys} />
          <PasswordSection result={result} />
        </>
      )}
    </main>
  );
}
