import { randomBytes } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { z } from "zod";
import { subscribers } from "#server/db/schema/content.ts";
import type { CsvRow } from "./csv-rows";
import { cellOf } from "./csv-rows";
import { csvBodyRows, parseTimestamp, readCsvHeader } from "./csv-values";
import type { Importer, PlannedItem } from "./types";

/**
 * A newsletter list from Mailchimp, Listmonk or any tool (decision 522): each address with
 * its consent as the list knew it. Subscribed people come in confirmed (with the time they
 * agreed, when the list has it); people who unsubscribed or bounced come in as such, so they
 * are never mailed; people who never confirmed are left out. Nobody unsubscribed here is
 * subscribed again by an import.
 */

const aliases = {
  email: ["email", "email address", "e mail", "e mail address", "subscriber email", "mail"],
  name: ["name", "full name", "subscriber name", "display name"],
  first: ["first name", "fname", "firstname", "given name"],
  last: ["last name", "lname", "lastname", "surname", "family name"],
  status: [
    "status",
    "subscription status",
    "subscriber status",
    "email marketing",
    "consent",
    "subscribed",
    "member status",
    "state",
  ],
  tags: ["tags", "tag", "lists", "groups", "segments"],
  agreedAt: [
    "confirm time",
    "optin time",
    "confirmed at",
    "subscribed at",
    "created at",
    "created",
    "date added",
    "signup date",
  ],
  unsubscribedAt: ["unsub time", "unsubscribed at", "unsubscribe time"],
  cleanedAt: ["clean time", "cleaned at", "bounced at"],
};
type Field = keyof typeof aliases;

type Consent = "confirmed" | "unsubscribed" | "bounced" | "pending" | "never" | "unknown";

const consentWords: Array<[RegExp, Consent]> = [
  [
    /^(subscribed|confirmed|enabled|active|opted in|opt in|optin|yes|y|true|1|single opt in|double opt in)$/,
    "confirmed",
  ],
  [
    /^(unsubscribed|opted out|opt out|blocklisted|blacklisted|blocked|disabled|complained|no|n|false|0)$/,
    "unsubscribed",
  ],
  [/^(cleaned|bounced|hard bounce|hardbounce|undeliverable|invalid)$/, "bounced"],
  [/^(pending|unconfirmed|not confirmed|awaiting confirmation)$/, "pending"],
  [/^(non subscribed|never subscribed|transactional|not subscribed)$/, "never"],
];

function consentOf(value: string): Consent {
  const word = value.trim().toLowerCase().replace(/[_-]+/g, " ").replace(/\s+/g, " ");
  for (const [pattern, consent] of consentWords) if (pattern.test(word)) return consent;
  return "unknown";
}

const emailSchema = z.email().max(254);

type SubscriberState = {
  columns: Partial<Record<Field, number>>;
  /** Consent every row shares when the file has no status column (Mailchimp's exports). */
  fileConsent?: Consent;
  needsConsent: boolean;
  seen: Map<string, number>;
};

function tagsOf(value: string) {
  return [
    ...new Set(
      value
        .split(/[;,|]/)
        .map((tag) =>
          tag
            .replace(/^\s*"|"\s*$/g, "")
            .trim()
            .toLowerCase()
            .slice(0, 40),
        )
        .filter(Boolean),
    ),
  ].slice(0, 20);
}

export const subscribersImporter: Importer<SubscriberState, CsvRow> = {
  async prepare(context) {
    const { columns } = await readCsvHeader(context, aliases);
    let fileConsent: Consent | undefined;
    if (columns.status === undefined) {
      if (columns.unsubscribedAt !== undefined) fileConsent = "unsubscribed";
      else if (columns.cleanedAt !== undefined) fileConsent = "bounced";
      else if (columns.agreedAt !== undefined) fileConsent = "confirmed";
    }
    const needsConsent = columns.status === undefined && !fileConsent;
    return { columns, fileConsent, needsConsent, seen: new Map() };
  },
  units: (context) => csvBodyRows(context),
  async plan(row, context, state) {
    const origin = `line ${row.line}`;
    if ("error" in row)
      return [
        {
          itemKind: "subscriber",
          origin,
          label: origin,
          action: "skip",
          reason: `The line could not be read: ${row.error}`,
        },
      ];
    const { columns } = state;
    if (columns.email === undefined)
      return [
        {
          itemKind: "subscriber",
          origin,
          label: origin,
          action: "skip",
          reason: "The file has no email column.",
        },
      ];
    const raw = cellOf(row.cells, columns, "email");
    const email = raw.toLowerCase();
    const base = { itemKind: "subscriber", origin, label: email || raw || "(no address)" };
    if (!emailSchema.safeParse(email).success)
      return [
        {
          ...base,
          action: "skip",
          reason: raw
            ? `“${raw.slice(0, 80)}” is not a valid email address.`
            : "The email address is missing.",
        },
      ];
    const earlier = state.seen.get(email);
    if (earlier !== undefined)
      return [{ ...base, action: "skip", reason: `Repeats line ${earlier}.` }];
    state.seen.set(email, row.line);
    const consent =
      columns.status !== undefined
        ? consentOf(cellOf(row.cells, columns, "status"))
        : (state.fileConsent ?? "confirmed");
    if (consent === "pending")
      return [
        {
          ...base,
          action: "skip",
          reason: "Never confirmed the subscription (pending): not imported.",
        },
      ];
    if (consent === "never")
      return [{ ...base, action: "skip", reason: "Never subscribed: not imported." }];
    if (consent === "unknown")
      return [
        {
          ...base,
          action: "skip",
          reason: `The status “${cellOf(row.cells, columns, "status").slice(0, 40)}” says nothing Frontier knows about consent.`,
        },
      ];
    const name =
      cellOf(row.cells, columns, "name") ||
      [cellOf(row.cells, columns, "first"), cellOf(row.cells, columns, "last")]
        .filter(Boolean)
        .join(" ");
    const tags = tagsOf(cellOf(row.cells, columns, "tags"));
    const agreedAt = parseTimestamp(cellOf(row.cells, columns, "agreedAt"));
    const leftAt =
      parseTimestamp(cellOf(row.cells, columns, "unsubscribedAt")) ??
      parseTimestamp(cellOf(row.cells, columns, "cleanedAt"));
    const [existing] = await context.db
      .select({ status: subscribers.status, name: subscribers.name, tags: subscribers.tags })
      .from(subscribers)
      .where(eq(subscribers.email, email));
    const item: PlannedItem = { ...base, action: "create" };
    if (existing) {
      const newTags = tags.filter((tag) => !existing.tags.includes(tag));
      const optsOut =
        consent !== "confirmed" &&
        (existing.status === "confirmed" || existing.status === "pending");
      const addsName = Boolean(name && !existing.name);
      if (!optsOut && !newTags.length && !addsName)
        return [
          {
            ...item,
            action: "skip",
            reason:
              existing.status === "unsubscribed" && consent === "confirmed"
                ? "Unsubscribed here: stays unsubscribed."
                : "Already on the list.",
          },
        ];
      item.action = "update";
      item.reason = [
        optsOut ? `Marked ${consent} (as on the old list).` : "",
        existing.status === "unsubscribed" && consent === "confirmed"
          ? "Unsubscribed here: stays unsubscribed."
          : "",
        newTags.length ? `Tags added: ${newTags.join(", ")}.` : "",
        addsName ? "Name added." : "",
      ]
        .filter(Boolean)
        .join(" ");
      item.run = async () => {
        const [current] = await context.db
          .select({ tags: subscribers.tags })
          .from(subscribers)
          .where(eq(subscribers.email, email));
        await context.db
          .update(subscribers)
          .set({
            name: sql`coalesce(${subscribers.name}, ${name || null})`,
            tags: [...new Set([...(current?.tags ?? []), ...tags])],
            ...(optsOut
              ? {
                  status: consent as "unsubscribed" | "bounced",
                  unsubscribedAt: leftAt ?? new Date(),
                }
              : {}),
          })
          .where(eq(subscribers.email, email));
        return {
          outcome: "updated",
          note: item.reason,
          targetHref: `/admin/subscribers?q=${encodeURIComponent(email)}`,
        };
      };
      return [item];
    }
    item.reason = `${consent === "confirmed" ? `Subscribed${agreedAt ? ` (agreed ${agreedAt.toISOString().slice(0, 10)})` : ""}` : consent === "bounced" ? "Bounced: kept so it is never mailed" : "Unsubscribed: kept so it is never mailed"}${tags.length ? `, tags: ${tags.join(", ")}` : ""}.`;
    item.run = async () => {
      const rows = await context.db
        .insert(subscribers)
        .values({
          email,
          name: name.slice(0, 120) || null,
          tags,
          status: consent,
          source: "import",
          unsubscribeToken: randomBytes(32).toString("base64url"),
          createdAt: agreedAt ?? new Date(),
          confirmedAt: consent === "confirmed" ? (agreedAt ?? new Date()) : agreedAt,
          unsubscribedAt: consent === "confirmed" ? null : (leftAt ?? new Date()),
        })
        .onConflictDoNothing({ target: subscribers.email })
        .returning({ id: subscribers.id });
      return rows.length
        ? {
            outcome: "created",
            note: item.reason,
            targetHref: `/admin/subscribers?q=${encodeURIComponent(email)}`,
          }
        : { outcome: "skipped", note: "Already on the list." };
    };
    return [item];
  },
  facts(state) {
    return {
      columns: Object.keys(state.columns),
      consent: state.columns.status !== undefined ? "column" : (state.fileConsent ?? "none"),
      needsConsent: state.needsConsent,
    };
  },
};
