import { eq } from "drizzle-orm";
import { expect, it } from "vitest";
import { media, mediaUsages } from "#server/db/schema/media.ts";
import { AppError } from "#server/errors.ts";
import { describeEachDatabase } from "#tests/helpers/db.ts";
import { getHeaderSettings } from "./header";
import { SETTINGS_CHANNEL, updateHeaderSettings } from "./update-header";

describeEachDatabase("updateHeaderSettings", (get) => {
  it("saves every field, records the files it uses and tells listeners", async () => {
    const heard: string[] = [];
    const stop = await get().listen(SETTINGS_CHANNEL, (payload) => heard.push(payload));
    const [logo] = await get()
      .db.insert(media)
      .values({
        kind: "logo",
        url: "/uploads/logos/abc-logo.png",
        contentType: "image/png",
        bytes: 10,
      })
      .returning();
    const saved = await updateHeaderSettings({
      database: get(),
      actorId: "admin-1",
      input: {
        logoUrl: "/uploads/logos/abc-logo.png",
        logoPngUrl: "",
        logoWidth: "140",
        footerLogoUrl: "https://cdn.example.com/footer.svg",
        footerLogoWidth: "90",
        faviconUrl: "/favicon.png?v=2",
      },
    });
    expect(saved).toMatchObject({ logoWidth: 140, footerLogoWidth: 90, logoPngUrl: undefined });
    expect(await getHeaderSettings(get().db)).toEqual(saved);
    const usages = await get()
      .db.select()
      .from(mediaUsages)
      .where(eq(mediaUsages.mediaId, logo.id));
    expect(usages.map((usage) => usage.label)).toEqual(["Header/Footer settings"]);
    await expect.poll(() => heard).toEqual(["header"]);
    await stop();
  });

  it("refuses bad widths and addresses with field errors, leaving the document as it was", async () => {
    const before = await getHeaderSettings(get().db);
    const error = await updateHeaderSettings({
      database: get(),
      actorId: "admin-1",
      input: { logoWidth: "5", footerLogoWidth: "abc", logoUrl: "javascript:alert(1)" },
    }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(AppError);
    expect(Object.keys((error as AppError).fieldErrors ?? {}).sort()).toEqual([
      "footerLogoWidth",
      "logoUrl",
      "logoWidth",
    ]);
    expect(await getHeaderSettings(get().db)).toEqual(before);
  });
});
