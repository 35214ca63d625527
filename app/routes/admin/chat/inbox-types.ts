import type { Route } from "./+types/index";

export type LoaderData = Route.ComponentProps["loaderData"];
export type ConversationRow = LoaderData["list"]["rows"][number];
export type SelectedConversation = NonNullable<LoaderData["selected"]>;

export type ActionResult =
  | { ok: true; message?: string }
  | { ok: false; error: string }
  | undefined;
