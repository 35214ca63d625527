import { redirect } from "react-router";
import { signOut } from "#server/auth/sign-in.ts";
import { toastHeader } from "#server/toast.ts";
import type { Route } from "./+types/logout";

export async function action({ request, context }: Route.ActionArgs) {
  const { headers } = await signOut(context, request);
  headers.append("Set-Cookie", await toastHeader({ message: "You are signed out." }));
  return redirect("/login", { headers });
}

export async function loader() {
  return redirect("/admin");
}
