import { Form } from "react-router";
import { type AdminColumn, AdminTable } from "#app/components/admin/admin-table.tsx";
import { PageHeader } from "#app/components/admin/page-header.tsx";
import { type FormResult, useResultToast } from "#app/components/auth/auth-form.tsx";
import { parseListParams } from "#server/admin/list-params.ts";
import { requireRole } from "#server/auth/guard.ts";
import { inviteStaffMember, sendPasswordResetLink } from "#server/auth/links.ts";
import {
  isTwoFactorRequired as isTwoFactorRequiredFor,
  setTwoFactorRequired,
} from "#server/auth/two-factor-policy.ts";
import {
  disableStaffUser,
  enableStaffUser,
  findStaffUser,
  findStaffUsers,
  setStaffRole,
  staffSortable,
} from "#server/auth/users.ts";
import { AppError, errorResponse, invalid } from "#server/errors.ts";
import { readForm } from "#server/form-body.ts";
import { staffRoles, teamActionSchema } from "#shared/auth-forms.ts";
import { roleLabel } from "#shared/roles.ts";
import type { Route } from "./+types/index";
import { type Member, MemberActions, RoleSelect } from "./members";
import { TwoFactorRule } from "./two-factor-rule";

export const meta = () => [{ title: "Team | Command Center" }];

export async function loader(args: Route.LoaderArgs) {
  const me = await requireRole(args, "admin");
  const params = parseListParams(args.url, {
    sortable: staffSortable,
    defaultSort: "email",
  });
  const [{ rows, total }, isTwoFactorRequired] = await Promise.all([
    findStaffUsers(args.context.db, params),
    isTwoFactorRequiredFor(args.context.db),
  ]);
  return { me: me.id, rows, total, params, isTwoFactorRequired };
}

export async function action(args: Route.ActionArgs) {
  const me = await requireRole(args, "admin");
  const { context } = args;
  const parsed = teamActionSchema.safeParse(Object.fromEntries(await readForm(args.request)));
  const actor = { id: me.id, email: me.email, address: context.clientAddress };
  try {
    if (!parsed.success) throw invalid(parsed.error, "Check the form: something is missing.");
    const input = parsed.data;
    switch (input.intent) {
      case "invite":
        await inviteStaffMember(context, input, actor);
        return { ok: true as const, message: `Invitation mailed to ${input.email}.` };
      case "set-role": {
        const user = await setStaffRole(context, { id: input.userId }, input.role, actor);
        return { ok: true as const, message: `${user.email} is now ${roleLabel[input.role]}.` };
      }
      case "disable": {
        const user = await disableStaffUser(context, { id: input.userId }, actor);
        return { ok: true as const, message: `${user.email} is disabled and signed out.` };
      }
      case "enable": {
        const user = await enableStaffUser(context, { id: input.userId }, actor);
        return { ok: true as const, message: `${user.email} can sign in again.` };
      }
      case "require-two-factor": {
        const isRequired = input.isRequired === "on";
        await setTwoFactorRequired(context, { isRequired }, { ...actor, id: me.id });
        return {
          ok: true as const,
          message: isRequired
            ? "Two-factor sign-in is now required for all staff."
            : "Two-factor sign-in is no longer required.",
        };
      }
      case "send-reset": {
        const user = await findStaffUser(context.db, { id: input.userId });
        if (!user) throw new AppError("NOT_FOUND", "There is no staff account like that.");
        if (user.isDisabled)
          throw new AppError("CONFLICT", "Enable the account before sending it a reset link.");
        await sendPasswordResetLink(context, { email: user.email }, actor);
        return { ok: true as const, message: `Reset link mailed to ${user.email}.` };
      }
    }
  } catch (error) {
    if (error instanceof AppError) return errorResponse(error);
    throw error;
  }
}

export default function TeamScreen({ loaderData, actionData }: Route.ComponentProps) {
  const result = actionData as FormResult;
  useResultToast(result);
  const { rows, total, params, me } = loaderData;
  const inviteErrors = result && !result.ok ? result.fieldErrors : undefined;

  const columns: AdminColumn<Member>[] = [
    {
      key: "name",
      header: "Name",
      isSortable: true,
      cell: (row) => (
        <span className="font-medium">
          {row.name}
          {row.id === me ? <span className="ml-2 text-xs text-mist-400">(you)</span> : null}
        </span>
      ),
    },
    { key: "email", header: "Email", isSortable: true, cell: (row) => row.email },
    {
      key: "role",
      header: "Role",
      isSortable: true,
      cell: (row) => <RoleSelect member={row} />,
    },
    {
      key: "status",
      header: "Status",
      cell: (row) =>
        row.isDisabled ? (
          <span className="text-red-300">Disabled</span>
        ) : (
          <span className="text-green-300">Active</span>
        ),
    },
    {
      key: "twoFactor",
      header: "Two-factor",
      cell: (row) => (row.hasTwoFactor ? "On" : <span className="text-mist-400">Off</span>),
    },
    {
      key: "actions",
      header: "Actions",
      cell: (row) => <MemberActions member={row} isSelf={row.id === me} />,
    },
  ];

  return (
    <main id="main" className="p-6 sm:p-10">
      <PageHeader
        title="Team"
        description="Invite staff, choose what they can reach, disable accounts and send password reset links."
      />
      <TwoFactorRule isRequired={loaderData.isTwoFactorRequired} />
      <section aria-labelledby="invite-heading" className="card mb-8">
        <h2 id="invite-heading" className="heading-md">
          Invite a team member
        </h2>
        <Form method="post" className="mt-4 flex flex-wrap items-end gap-4" noValidate>
          <input type="hidden" name="intent" value="invite" />
          <div className="min-w-64 flex-1">
            <label htmlFor="invite-email" className="field-label">
              Email
            </label>
            <input id="invite-email" name="email" type="email" required className="field-input" />
            {inviteErrors?.email ? <p className="field-error">{inviteErrors.email[0]}</p> : null}
          </div>
          <div>
            <label htmlFor="invite-role" className="field-label">
              Role
            </label>
            <select
              id="invite-role"
              name="role"
              defaultValue="clientManager"
              className="field-input"
            >
              {staffRoles.map((role) => (
                <option key={role} value={role}>
                  {roleLabel[role]}
                </option>
              ))}
            </select>
          </div>
          <button type="submit" className="btn-primary py-2">
            Send invitation
          </button>
        </Form>
      </section>
      <AdminTable
        label="Team members"
        columns={columns}
        rows={rows}
        rowKey={(row) => row.id}
        page={params.page}
        pageSize={params.pageSize}
        total={total}
        sort={params.sort}
        direction={params.direction}
        q={params.q}
        searchLabel="Search by name or email"
        emptyMessage="No team members yet."
      />
    </main>
  );
}
