/** What the YouTube sync action answers: a message to show, or what was refused. */
export type ActionResult =
  | { ok: true; message: string }
  | { ok: false; error: string; fieldErrors?: Record<string, string[]> }
  | undefined;
