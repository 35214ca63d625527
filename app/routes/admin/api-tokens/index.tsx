import { useState } from "react";
import { useFetcher } from "react-router";
import { ConfirmModal } from "#app/components/admin/confirm-modal.tsx";
import { PageHeader } from "#app/components/admin/page-header.tsx";
import { type FormResult, useResultToast } from "#app/components/auth/auth-form.tsx";
import { createApiToken, findApiTokens, revokeApiToken } from "#server/api/tokens.ts";
import { staffActor } from "#server/audit/actor.ts";
import { requireRole } from "#server/auth/guard.ts";
import { AppError, errorResponse } from "#server/errors.ts";
import { readForm } from "#server/form-body.ts";
import type { Route } from "./+types/index";
import { CreateTokenForm } from "./create-token-form";
import { NewTokenPanel } from "./new-token-panel";
import { TokenTable } from "./token-table";

export const meta = () => [{ title: "API tokens | Command Center" }];

export async function loader(args: Route.LoaderArgs) {
  await requireRole(args, "admin");
  return {
    tokens: await findApiTokens({ db: args.context.db }),
    apiBase: `${args.context.env.PUBLIC_URL}/api/v1`,
  };
}

export type TokenActionResult =
  | FormResult
  | { ok: true; message: string; created: { name: string; token: string; scopes: string[] } };

export async function action(args: Route.ActionArgs) {
  const user = await requireRole(args, "admin");
  const { context } = args;
  const actor = staffActor(user, context.clientAddress);
  const form = Object.fromEntries(await readForm(args.request));
  try {
    if (form.intent === "create") {
      const created = await createApiToken({ db: context.db, input: form, actor });
      // The token goes back in this answer only: it is not stored, so it cannot be shown again.
      return {
        ok: true as const,
        message: `Token “${created.name}” created. Copy it now.`,
        created: { name: created.name, token: created.token, scopes: created.scopes },
      };
    }
    if (form.intent === "revoke") {
      const revoked = await revokeApiToken({ db: context.db, id: String(form.id ?? ""), actor });
      return { ok: true as const, message: `Token “${revoked.name}” revoked: it no longer works.` };
    }
    throw new AppError("INVALID", "That request could not be read.");
  } catch (error) {
    return errorResponse(error);
  }
}

export default function ApiTokensScreen({ loaderData, actionData }: Route.ComponentProps) {
  const result = actionData as TokenActionResult | undefined;
  const revoke = useFetcher<TokenActionResult>();
  const [revoking, setRevoking] = useState<{ id: string; name: string } | null>(null);
  useResultToast(result);
  useResultToast(revoke.data);
  const created = result?.ok && "created" in result ? result.created : undefined;
  const fieldErrors = result && !result.ok ? result.fieldErrors : undefined;

  return (
    <main id="main" className="p-6 sm:p-10">
      <PageHeader
        title="API tokens"
        description={
          <>
            Tokens let other systems use the JSON API at{" "}
            <code className="text-mist-100">{loaderData.apiBase}</code> (described in{" "}
            <a href="/api/v1/openapi.json" className="text-frontier-blue hover:underline">
              openapi.json
            </a>
            ). A token is shown once; we keep only a fingerprint of it.
          </>
        }
      />
      {created ? <NewTokenPanel created={created} apiBase={loaderData.apiBase} /> : null}
      <div className="grid gap-8 xl:grid-cols-[1fr_22rem]">
        <section aria-labelledby="tokens-heading" className="card min-w-0">
          <h2 id="tokens-heading" className="heading-md">
            Tokens
          </h2>
          <TokenTable tokens={loaderData.tokens} onRevoke={setRevoking} />
        </section>
        <section aria-labelledby="create-heading" className="card">
          <h2 id="create-heading" className="heading-md">
            New token
          </h2>
          <CreateTokenForm fieldErrors={fieldErrors} formKey={created?.token} />
        </section>
      </div>
      <ConfirmModal
        open={revoking !== null}
        title={`Revoke “${revoking?.name ?? ""}”?`}
        confirmLabel="Revoke token"
        isDanger
        isBusy={revoke.state !== "idle"}
        onCancel={() => setRevoking(null)}
        onConfirm={() => {
          if (!revoking) return;
          revoke.submit({ intent: "revoke", id: revoking.id }, { method: "post" });
          setRevoking(null);
        }}
      >
        Whatever uses it is refused from its next request. This cannot be undone.
      </ConfirmModal>
    </main>
  );
}
