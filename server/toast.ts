import { createCookie, redirect } from "react-router";
import { z } from "zod";

export type ToastMessage = { message: string; type?: "success" | "error" };

const toastCookie = createCookie("fr_toast", {
  path: "/",
  httpOnly: true,
  sameSite: "lax",
  maxAge: 60,
});

const toastSchema = z.object({
  message: z.string().max(500),
  type: z.enum(["success", "error"]).default("success"),
  id: z.string().max(64),
});

/** A redirect that shows a toast on the next page. */
export async function redirectWithToast(url: string, toast: ToastMessage, init: ResponseInit = {}) {
  const headers = new Headers(init.headers);
  headers.append("Set-Cookie", await toastHeader(toast));
  return redirect(url, { ...init, headers });
}

export async function toastHeader(toast: ToastMessage) {
  return toastCookie.serialize({ ...toast, id: crypto.randomUUID() });
}

/** The pending toast, if any, and the header that clears it. */
export async function readToast(request: Request) {
  const cookieHeader = request.headers.get("Cookie");
  if (!cookieHeader?.includes("fr_toast=")) return { toast: undefined, headers: undefined };
  const parsed = toastSchema.safeParse(await toastCookie.parse(cookieHeader));
  const headers = new Headers({ "Set-Cookie": await toastCookie.serialize("", { maxAge: 0 }) });
  return { toast: parsed.success ? parsed.data : undefined, headers };
}
