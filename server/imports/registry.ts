import type { ImportKind } from "#server/db/schema/imports.ts";
import { clientsImporter } from "./clients";
import { ghostImporter } from "./ghost";
import { invoicesImporter } from "./invoices";
import { subscribersImporter } from "./subscribers";
import type { AnyImporter } from "./types";
import { wordPressImporter } from "./wordpress";

/** Every kind of import, by the name staff and the shell command give it. */
export const importers: Record<ImportKind, AnyImporter> = {
  wordpress: wordPressImporter,
  ghost: ghostImporter,
  subscribers: subscribersImporter,
  clients: clientsImporter,
  invoices: invoicesImporter,
};
