import { and, eq, sql } from "drizzle-orm";
import { z } from "zod";
import { createClient } from "#server/clients/clients.ts";
import type { Db } from "#server/db/client.ts";
import { clientContacts, clients } from "#server/db/schema/clients.ts";
import type { CsvRow } from "./csv-rows";
import { cellOf } from "./csv-rows";
import { csvBodyRows, currencyOf, readCsvHeader } from "./csv-values";
import { AlreadyImportedError, findImported, recordImported } from "./ledger";
import type { ImportContext, Importer, PlannedItem } from "./types";

/**
 * Clients from Invoice Ninja or Harvest (their client and contact exports, decision 522):
 * one line is a client, or a contact of one (lines of the same client add its contacts).
 * A client already in Frontier under the same name gains the contacts it lacks.
 */

const aliases = {
  company: [
    "client name",
    "client",
    "company",
    "company name",
    "organization",
    "organisation",
    "name",
    "client company",
  ],
  number: ["client id", "client number", "id number", "number", "id", "client code"],
  currency: ["currency", "currency code", "client currency"],
  taxId: ["vat number", "tax id", "vat", "vat id", "tax number", "tax id number"],
  address1: [
    "address",
    "address 1",
    "address1",
    "street",
    "billing address",
    "street address",
    "billing street",
  ],
  address2: ["address 2", "address2"],
  city: ["city", "town", "billing city"],
  region: ["state", "region", "province", "state province", "county"],
  postalCode: ["postal code", "zip", "zip code", "postcode", "post code"],
  country: ["country", "billing country"],
  website: ["website", "web site", "url"],
  notes: ["notes", "private notes", "public notes", "client notes"],
  contactName: ["contact name", "contact", "primary contact", "contact full name"],
  contactFirst: ["contact first name", "first name", "firstname"],
  contactLast: ["contact last name", "last name", "lastname"],
  contactEmail: [
    "contact email",
    "email",
    "email address",
    "client email",
    "contact email address",
  ],
  contactPhone: ["contact phone", "phone", "office phone", "mobile phone", "mobile", "work phone"],
  contactRole: ["title", "contact title", "job title", "role", "position"],
};
type Field = keyof typeof aliases;

type ClientsState = {
  columns: Partial<Record<Field, number>>;
  /** Clients this read of the file creates, by lower-cased name: the first line's number. */
  planned: Map<string, { line: number; emails: Set<string> }>;
  /** Contacts this read of the file adds, by "client|email": their line. */
  plannedContacts: Map<string, number>;
};

const SOURCE = "clients";
const emailSchema = z.email().max(320);

/** A client by name: one an import made, or one staff already have under the same name. */
export async function findClientByName(db: Db, company: string) {
  const imported = await findImported(db, {
    source: SOURCE,
    itemKind: "client",
    sourceKey: company.toLowerCase(),
  });
  if (imported) {
    const [row] = await db
      .select({ id: clients.id, currency: clients.currency })
      .from(clients)
      .where(eq(clients.id, imported.targetId));
    if (row) return row;
  }
  const [row] = await db
    .select({ id: clients.id, currency: clients.currency })
    .from(clients)
    .where(sql`lower(${clients.company}) = ${company.toLowerCase()}`)
    .limit(1);
  return row;
}

/** Creates a client an import needs (invoices name clients too), recorded in the ledger. */
export async function importClient(
  context: ImportContext,
  input: {
    company: string;
    currency: string;
    billingAddress?: string;
    taxId?: string;
    notes?: string;
    contacts: Array<{ name: string; email: string; phone: string; role: string }>;
  },
) {
  try {
    return await context.db.transaction(async (tx) => {
      const client = await createClient({
        db: context.db,
        tx,
        actor: { id: context.actor.id, email: context.actor.email, address: context.actor.address },
        input: {
          company: input.company.slice(0, 200),
          billingAddress: (input.billingAddress ?? "").slice(0, 1000),
          currency: input.currency,
          taxId: (input.taxId ?? "").slice(0, 100),
          notes: (input.notes ?? "").slice(0, 10_000),
          contacts: input.contacts,
        },
      });
      const isNew = await recordImported(tx, {
        source: SOURCE,
        itemKind: "client",
        sourceKey: input.company.toLowerCase(),
        targetId: client.id,
      });
      if (!isNew) throw new AlreadyImportedError();
      return client;
    });
  } catch (error) {
    if (error instanceof AlreadyImportedError) return undefined;
    throw error;
  }
}

function contactOf(row: string[], columns: ClientsState["columns"]) {
  const email = cellOf(row, columns, "contactEmail").toLowerCase();
  if (!email) return { contact: undefined, note: "" };
  if (!emailSchema.safeParse(email).success)
    return {
      contact: undefined,
      note: `The contact's address “${email.slice(0, 80)}” is not valid: left out.`,
    };
  const name =
    cellOf(row, columns, "contactName") ||
    [cellOf(row, columns, "contactFirst"), cellOf(row, columns, "contactLast")]
      .filter(Boolean)
      .join(" ") ||
    email.split("@")[0];
  return {
    contact: {
      name: name.slice(0, 200),
      email,
      phone: cellOf(row, columns, "contactPhone").slice(0, 50),
      role: cellOf(row, columns, "contactRole").slice(0, 100),
    },
    note: "",
  };
}

export const clientsImporter: Importer<ClientsState, CsvRow> = {
  async prepare(context) {
    const { columns } = await readCsvHeader(context, aliases);
    return { columns, planned: new Map(), plannedContacts: new Map() };
  },
  units: (context) => csvBodyRows(context),
  async plan(row, context, state): Promise<PlannedItem[]> {
    const origin = `line ${row.line}`;
    if ("error" in row)
      return [
        {
          itemKind: "client",
          origin,
          label: origin,
          action: "skip",
          reason: `The line could not be read: ${row.error}`,
        },
      ];
    const { columns } = state;
    if (columns.company === undefined)
      return [
        {
          itemKind: "client",
          origin,
          label: origin,
          action: "skip",
          reason: "The file has no client name column.",
        },
      ];
    const company = cellOf(row.cells, columns, "company").replace(/\s+/g, " ");
    if (!company)
      return [
        {
          itemKind: "client",
          origin,
          label: origin,
          action: "skip",
          reason: "The line has no client name.",
        },
      ];
    const { contact, note } = contactOf(row.cells, columns);
    const key = company.toLowerCase();
    const existing = await findClientByName(context.db, company);
    const earlier = state.planned.get(key);
    if (existing || earlier) {
      const label = contact ? `${contact.name} <${contact.email}> at ${company}` : company;
      const base = { itemKind: "contact", origin, label };
      if (!contact)
        return [
          {
            ...base,
            action: "skip",
            reason:
              note ||
              (earlier ? `Repeats the client of line ${earlier.line}.` : "Already in Frontier."),
          },
        ];
      const contactKey = `${key}|${contact.email}`;
      const seenLine =
        state.plannedContacts.get(contactKey) ??
        (earlier?.emails.has(contact.email) ? earlier.line : undefined);
      if (seenLine !== undefined)
        return [{ ...base, action: "skip", reason: `Repeats line ${seenLine}.` }];
      state.plannedContacts.set(contactKey, row.line);
      if (existing) {
        const [known] = await context.db
          .select({ id: clientContacts.id })
          .from(clientContacts)
          .where(
            and(eq(clientContacts.clientId, existing.id), eq(clientContacts.email, contact.email)),
          );
        if (known) return [{ ...base, action: "skip", reason: "This contact is there already." }];
      }
      return [
        {
          ...base,
          action: "update",
          reason: `Added as a contact of ${company}.`,
          run: async () => {
            const client = await findClientByName(context.db, company);
            if (!client) return { outcome: "skipped", note: "Its client was not imported." };
            const [position] = await context.db
              .select({
                next: sql<number>`coalesce(max(${clientContacts.position}) + 1, 0)::int`,
                count: sql<number>`count(*)::int`,
              })
              .from(clientContacts)
              .where(eq(clientContacts.clientId, client.id));
            const [known] = await context.db
              .select({ id: clientContacts.id })
              .from(clientContacts)
              .where(
                and(
                  eq(clientContacts.clientId, client.id),
                  eq(clientContacts.email, contact.email),
                ),
              );
            if (known) return { outcome: "skipped", note: "This contact is there already." };
            await context.db.insert(clientContacts).values({
              clientId: client.id,
              ...contact,
              isPrimary: position.count === 0,
              position: position.next,
            });
            return {
              outcome: "updated",
              note: `Contact added to ${company}.`,
              targetHref: `/admin/clients/${client.id}`,
            };
          },
        },
      ];
    }
    state.planned.set(key, { line: row.line, emails: new Set(contact ? [contact.email] : []) });
    const written = cellOf(row.cells, columns, "currency");
    const currency = currencyOf(written) ?? "USD";
    const notes = [
      written && !currencyOf(written) ? `Currency “${written}” is not known: USD.` : "",
      !written ? "No currency given: USD." : "",
      note,
      contact ? "" : "No contact: add one before sending it anything.",
    ].filter(Boolean);
    const billingAddress = [
      cellOf(row.cells, columns, "address1"),
      cellOf(row.cells, columns, "address2"),
      [cellOf(row.cells, columns, "postalCode"), cellOf(row.cells, columns, "city")]
        .filter(Boolean)
        .join(" "),
      cellOf(row.cells, columns, "region"),
      cellOf(row.cells, columns, "country"),
    ]
      .filter(Boolean)
      .join("\n");
    const clientNotes = [
      cellOf(row.cells, columns, "notes"),
      cellOf(row.cells, columns, "website")
        ? `Website: ${cellOf(row.cells, columns, "website")}`
        : "",
      cellOf(row.cells, columns, "number")
        ? `Number in the old system: ${cellOf(row.cells, columns, "number")}`
        : "",
    ]
      .filter(Boolean)
      .join("\n");
    return [
      {
        itemKind: "client",
        origin,
        label: company,
        action: "create",
        reason: [
          `${currency}${contact ? `, contact ${contact.name} <${contact.email}>` : ""}.`,
          ...notes,
        ].join(" "),
        run: async () => {
          if (await findClientByName(context.db, company))
            return { outcome: "skipped", note: "Already in Frontier." };
          const client = await importClient(context, {
            company,
            currency,
            billingAddress,
            taxId: cellOf(row.cells, columns, "taxId"),
            notes: clientNotes,
            contacts: contact ? [contact] : [],
          });
          return client
            ? { outcome: "created", targetHref: `/admin/clients/${client.id}` }
            : { outcome: "skipped", note: "Imported before." };
        },
      },
    ];
  },
  facts(state) {
    return { columns: Object.keys(state.columns) };
  },
};
