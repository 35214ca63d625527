import { createHash, randomBytes } from "node:crypto";
import { and, count, eq, gt, isNull, sql } from "drizzle-orm";
import { recordAudit } from "#server/audit/audit.ts";
import type { Db } from "#server/db/client.ts";
import { subscribers } from "#server/db/schema/content.ts";
import { dataExportLinks } from "#server/db/schema/personal-data.ts";
import type { Env } from "#server/env.ts";
import { AppError } from "#server/errors.ts";
import { sendMail } from "#server/mail/mailer.ts";
import { emailFingerprint, findPersonalData, personalDataJson } from "./personal-data";

/**
 * A subscriber asks for a copy of their data from the unsubscribe page (decision 526): the
 * unsubscribe link proves the subscription; a mailed link (256 random bits, only its hash
 * kept, 24 hours, once) proves the address; at most three links a day per address.
 */

export const EXPORT_LINK_TTL_MS = 24 * 60 * 60 * 1000;
export const EXPORT_LINKS_PER_DAY = 3;
export const EXPORT_REQUESTED =
  "If that subscription exists, a link to your data is on its way to its address. It works once, for 24 hours.";

const hashOf = (token: string) => createHash("sha256").update(token).digest("hex");
const isTokenShape = (token: string) =>
  Boolean(token) && token.length <= 200 && /^[\w-]+$/.test(token);

/** Mails a one-time link to the holder of an unsubscribe token; the same answer whatever happens. */
export async function requestOwnDataExport({
  db,
  env,
  unsubscribeToken,
}: {
  db: Db;
  env: Pick<Env, "PUBLIC_URL" | "SMTP_URL" | "MAIL_FROM">;
  unsubscribeToken: string;
}) {
  if (!isTokenShape(unsubscribeToken)) return EXPORT_REQUESTED;
  const [subscriber] = await db
    .select({ email: subscribers.email })
    .from(subscribers)
    .where(eq(subscribers.unsubscribeToken, unsubscribeToken));
  if (!subscriber) return EXPORT_REQUESTED;
  const [{ recent }] = await db
    .select({ recent: count() })
    .from(dataExportLinks)
    .where(
      and(
        eq(dataExportLinks.email, subscriber.email),
        gt(dataExportLinks.createdAt, sql`now() - interval '1 day'`),
      ),
    );
  if (recent >= EXPORT_LINKS_PER_DAY)
    throw new AppError(
      "RATE_LIMITED",
      "A link to your data was mailed three times today already. Use the latest one, or ask again tomorrow.",
    );
  const token = randomBytes(32).toString("base64url");
  const url = new URL(`/newsletter/my-data?token=${token}`, env.PUBLIC_URL).href;
  await db.transaction(async (tx) => {
    await tx.insert(dataExportLinks).values({
      tokenHash: hashOf(token),
      email: subscriber.email,
      expiresAt: new Date(Date.now() + EXPORT_LINK_TTL_MS),
    });
    // Sent inside the transaction: a mail that cannot be handed over leaves no link behind.
    await sendMail(
      { db: tx as unknown as Db, env },
      {
        to: subscriber.email,
        subject: "Your data at Digital Frontier",
        text: `You asked for a copy of what we keep about ${subscriber.email}.\n\nDownload it here (the link works once, for 24 hours):\n${url}\n\nDid not ask? Ignore this mail: nothing is sent without the link.`,
      },
    );
  });
  return EXPORT_REQUESTED;
}

/** Uses a mailed link up and gives the person's data as JSON; a spent or old link is refused. */
export async function downloadOwnData({ db, token }: { db: Db; token: string }) {
  const gone = new AppError(
    "GONE",
    "This link has expired or was used already. Ask for a new one from the unsubscribe link of any newsletter.",
  );
  if (!isTokenShape(token)) throw gone;
  const [link] = await db
    .update(dataExportLinks)
    .set({ usedAt: new Date() })
    .where(
      and(
        eq(dataExportLinks.tokenHash, hashOf(token)),
        isNull(dataExportLinks.usedAt),
        gt(dataExportLinks.expiresAt, new Date()),
      ),
    )
    .returning({ email: dataExportLinks.email });
  if (!link) throw gone;
  const data = await findPersonalData(db, link.email);
  await recordAudit(db, {
    actorId: null,
    action: "self-export",
    area: "personal-data",
    detail: { emailSha256: emailFingerprint(link.email) },
  });
  return personalDataJson(data);
}
