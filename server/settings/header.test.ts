import { sql } from "drizzle-orm";
import { describe, expect, it, vi } from "vitest";
import { forgetLayoutData } from "#server/cache/layout-data.ts";
import { settings } from "#server/db/schema/settings.ts";
import { log } from "#server/log.ts";
import { describeEachDatabase } from "#tests/helpers/db.ts";
import {
  defaultHeaderSettings,
  getHeaderSettings,
  HEADER_SETTINGS_ID,
  headerLogo,
  saveHeaderSettings,
} from "./header";

describeEachDatabase("header settings", (get) => {
  it("gives the defaults when no document exists", async () => {
    const { db } = get();
    await db.delete(settings);
    expect(await getHeaderSettings(db)).toEqual({ logoWidth: 120, footerLogoWidth: 120 });
  });

  it("saves and reads back every field", async () => {
    const { db } = get();
    const saved = await saveHeaderSettings(db, {
      logoUrl: "/uploads/logo.svg",
      logoPngUrl: "https://cdn.example.com/logo.png",
      logoWidth: "160",
      footerLogoUrl: "/uploads/footer.svg",
      footerLogoWidth: 90,
      faviconUrl: "/uploads/icon.png?v=2",
    });
    expect(saved.logoWidth).toBe(160);
    expect(await getHeaderSettings(db)).toEqual(saved);
  });

  it("falls back to the defaults for a malformed document, and says so in the log", async () => {
    const { db } = get();
    const warn = vi.spyOn(log, "warn").mockImplementation(() => {});
    await db
      .insert(settings)
      .values({ id: HEADER_SETTINGS_ID, value: { logoWidth: "wide" } })
      .onConflictDoUpdate({ target: settings.id, set: { value: { logoWidth: "wide" } } });
    // Written behind the product's back: what this process keeps is dropped as a NOTIFY would.
    forgetLayoutData();
    expect(await getHeaderSettings(db)).toEqual(defaultHeaderSettings);
    expect(warn).toHaveBeenCalled();
  });

  it("falls back to the defaults when the read fails", async () => {
    const { db } = get();
    const error = vi.spyOn(log, "error").mockImplementation(() => {});
    await db.execute(sql`alter table settings rename to settings_moved`);
    forgetLayoutData();
    try {
      expect(await getHeaderSettings(db)).toEqual(defaultHeaderSettings);
      expect(error).toHaveBeenCalledOnce();
      // A failed read is not kept: the next page reads again.
      expect(await getHeaderSettings(db)).toEqual(defaultHeaderSettings);
      expect(error).toHaveBeenCalledTimes(2);
    } finally {
      await db.execute(sql`alter table settings_moved rename to settings`);
    }
  });

  it("refuses a width out of range with a clear message", async () => {
    const { db } = get();
    await expect(saveHeaderSettings(db, { logoWidth: 4000 })).rejects.toThrow(/at most 600 px/);
  });
});

describe("headerLogo", () => {
  it("prefers the PNG fallback over the main logo", () => {
    expect(headerLogo({ ...defaultHeaderSettings, logoUrl: "/a.svg", logoPngUrl: "/a.png" })).toBe(
      "/a.png",
    );
    expect(headerLogo({ ...defaultHeaderSettings, logoUrl: "/a.svg" })).toBe("/a.svg");
    expect(headerLogo(defaultHeaderSettings)).toBeUndefined();
  });
});
