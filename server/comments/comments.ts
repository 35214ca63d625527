import { and, asc, eq } from "drizzle-orm";
import { guardSubmission } from "#server/antispam/antispam.ts";
import { formKeyOf, hasFormReceipt, writeOnce } from "#server/antispam/receipts.ts";
import { findLiveInsightId } from "#server/content/insights.ts";
import type { Db, Tx } from "#server/db/client.ts";
import { comments } from "#server/db/schema/content.ts";
import { AppError, invalid } from "#server/errors.ts";
import { type CommentInput, commentSchema } from "#shared/comment-schema.ts";

export type PublicComment = { id: string; name: string; body: string; createdAt: Date };

/** The approved comments of an insight, oldest first. Emails never leave the server. */
export async function findApprovedComments({
  db,
  insightId,
}: {
  db: Db;
  insightId: string;
}): Promise<PublicComment[]> {
  return db
    .select({
      id: comments.id,
      name: comments.name,
      body: comments.body,
      createdAt: comments.createdAt,
    })
    .from(comments)
    .where(and(eq(comments.insightId, insightId), eq(comments.status, "approved")))
    .orderBy(asc(comments.createdAt));
}

/**
 * A visitor's comment on a published insight: checked for bots, validated and
 * kept as pending until staff approve it. The same filling of the form sent
 * again stores nothing more (`isRepeat`).
 */
export async function submitComment({
  db,
  secret,
  slug,
  form,
  address,
  minFillMs,
}: {
  db: Db;
  secret: string;
  slug: string;
  form: FormData;
  address: string;
  /** The server's minimum fill time (FORM_MIN_FILL_SECONDS); MIN_FILL_MS unless given. */
  minFillMs?: number;
}) {
  const insightId = await findLiveInsightId({ db, slug });
  if (!insightId) throw new AppError("NOT_FOUND", "This article is not available for comments.");
  const parsed = commentSchema.safeParse({
    name: form.get("name") ?? "",
    email: form.get("email") ?? "",
    body: form.get("body") ?? "",
  });
  if (!parsed.success) throw invalid(parsed.error);
  const key = formKeyOf({ secret, form });
  if (await hasFormReceipt({ db, scope: "comment", key })) return { isRepeat: true as const };
  await guardSubmission({ db, secret, scope: "comment", address, form, minFillMs });
  const written = await writeOnce({
    db,
    scope: "comment",
    key,
    write: (tx) => createPendingComment({ db: tx, insightId, input: parsed.data, address }),
  });
  return written.isRepeat ? written : { isRepeat: false as const, comment: written.result };
}

export async function createPendingComment({
  db,
  insightId,
  input,
  address,
}: {
  db: Db | Tx;
  insightId: string;
  input: CommentInput;
  address?: string;
}) {
  const [row] = await db
    .insert(comments)
    .values({
      insightId,
      name: input.name,
      email: input.email.toLowerCase(),
      body: input.body,
      status: "pending",
      address: address ?? null,
    })
    .returning({ id: comments.id, status: comments.status });
  return row;
}
