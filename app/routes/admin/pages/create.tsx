import { Form, useActionData, useNavigation } from "react-router";
import { PageHeader } from "#app/components/admin/page-header.tsx";
import { TextField } from "#app/components/admin/text-fields.tsx";
import { requireRole } from "#server/auth/guard.ts";
import { createPageAction } from "#server/pages/page-routes.ts";
import type { Route } from "./+types/create";

export const meta: Route.MetaFunction = () => [{ title: "New page · Command center" }];

export async function loader(args: Route.LoaderArgs) {
  await requireRole(args, "admin");
  return null;
}

export const action = (args: Route.ActionArgs) => createPageAction(args);

/** A new page: its title and address; the editor opens next to add its blocks. */
export default function CreatePageScreen() {
  const actionData = useActionData<typeof action>();
  const failed = actionData && !actionData.ok ? actionData : undefined;
  const navigation = useNavigation();
  return (
    <main id="main" className="p-6 lg:p-8">
      <PageHeader title="New page" back={{ to: "/admin/pages", label: "Pages" }} />
      <Form method="post" className="card grid max-w-3xl gap-4 p-5 md:grid-cols-2">
        {failed?.error ? (
          <p className="field-error md:col-span-2" role="alert">
            {failed.error}
          </p>
        ) : null}
        <TextField name="title" label="Title" errors={failed?.fieldErrors} />
        <TextField
          name="path"
          label="Address"
          defaultValue="/"
          hint="A free address such as /spring-audit."
          errors={failed?.fieldErrors}
        />
        <input type="hidden" name="blocks" value="[]" />
        <div className="md:col-span-2">
          <button type="submit" className="btn-primary" disabled={navigation.state !== "idle"}>
            Create page
          </button>
        </div>
      </Form>
    </main>
  );
}
