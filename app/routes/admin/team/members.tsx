import { useEffect, useState } from "react";
import { useFetcher } from "react-router";
import { ConfirmModal } from "#app/components/admin/confirm-modal.tsx";
import { type FormResult, useResultToast } from "#app/components/auth/auth-form.tsx";
import { staffRoles } from "#shared/auth-forms.ts";
import { roleLabel } from "#shared/roles.ts";
import type { Route } from "./+types/index";

export type Member = Route.ComponentProps["loaderData"]["rows"][number];

export function RoleSelect({ member }: { member: Member }) {
  const fetcher = useFetcher<FormResult>();
  useResultToast(fetcher.data);
  const [role, setRole] = useState(member.role);
  // A refused change (the last admin, say) shows the role that is really stored.
  useEffect(() => {
    if (fetcher.data && !fetcher.data.ok) setRole(member.role);
  }, [fetcher.data, member.role]);
  return (
    <fetcher.Form method="post" className="flex items-center gap-2">
      <input type="hidden" name="intent" value="set-role" />
      <input type="hidden" name="userId" value={member.id} />
      <label className="sr-only" htmlFor={`role-${member.id}`}>
        Role of {member.email}
      </label>
      <select
        id={`role-${member.id}`}
        name="role"
        value={role}
        className="field-input py-1"
        onChange={(event) => {
          setRole(event.currentTarget.value as Member["role"]);
          fetcher.submit(event.currentTarget.form);
        }}
      >
        {staffRoles.map((role) => (
          <option key={role} value={role}>
            {roleLabel[role]}
          </option>
        ))}
      </select>
    </fetcher.Form>
  );
}

export function MemberActions({ member, isSelf }: { member: Member; isSelf: boolean }) {
  const fetcher = useFetcher<FormResult>();
  useResultToast(fetcher.data);
  const [isConfirming, setConfirming] = useState(false);
  const submit = (intent: string) =>
    fetcher.submit({ intent, userId: member.id }, { method: "post" });
  const buttonClass =
    "rounded-lg border border-white/15 px-3 py-1 text-xs font-semibold hover:border-white/40 disabled:opacity-50";
  return (
    <div className="flex flex-wrap gap-2">
      {!member.isDisabled ? (
        <button type="button" className={buttonClass} onClick={() => submit("send-reset")}>
          Send reset link
        </button>
      ) : null}
      {member.isDisabled ? (
        <button type="button" className={buttonClass} onClick={() => submit("enable")}>
          Enable
        </button>
      ) : (
        <button
          type="button"
          className={`${buttonClass} text-red-300`}
          disabled={isSelf}
          onClick={() => setConfirming(true)}
        >
          Disable
        </button>
      )}
      <ConfirmModal
        open={isConfirming}
        title={`Disable ${member.email}?`}
        confirmLabel="Disable account"
        isDanger
        onCancel={() => setConfirming(false)}
        onConfirm={() => {
          setConfirming(false);
          submit("disable");
        }}
      >
        They are signed out at once and cannot sign in until an admin enables the account again.
      </ConfirmModal>
    </div>
  );
}
