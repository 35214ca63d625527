import { expect, it } from "vitest";
import { settings } from "#server/db/schema/settings.ts";
import { getHeaderSettings, HEADER_SETTINGS_ID } from "#server/settings/header.ts";
import { describeEachDatabase } from "#tests/helpers/db.ts";
import { listenForLayoutChanges } from "./invalidate";
import { forgetLayoutData, rememberLayoutData } from "./layout-data";
import { PUBLIC_PAGES_CHANNEL } from "./page-cache";

it("reads once until forgotten, and does not keep a failed read", async () => {
  const handle = {};
  let reads = 0;
  const read = () => rememberLayoutData(handle, "k", async () => ++reads);
  expect([await read(), await read()]).toEqual([1, 1]);
  forgetLayoutData();
  expect(await read()).toBe(2);
  forgetLayoutData();
  await expect(
    rememberLayoutData(handle, "k", async () => Promise.reject(new Error("down"))),
  ).rejects.toThrow("down");
  expect(await read()).toBe(3);
});

describeEachDatabase("layout data in memory", (get) => {
  it("keeps the header settings until a NOTIFY on the page cache's channel", async () => {
    const database = get();
    const stop = await listenForLayoutChanges(database);
    try {
      const before = await getHeaderSettings(database.db);
      // Written behind the product's back: this instance keeps what it read.
      await database.db
        .insert(settings)
        .values({ id: HEADER_SETTINGS_ID, value: { logoWidth: 200, footerLogoWidth: 90 } })
        .onConflictDoUpdate({ target: settings.id, set: { value: { logoWidth: 200 } } });
      expect((await getHeaderSettings(database.db)).logoWidth).toBe(before.logoWidth);
      // Another instance's content change reaches this one through NOTIFY.
      await database.notify(PUBLIC_PAGES_CHANNEL, "another instance saved");
      for (let tries = 0; tries < 500; tries++) {
        if ((await getHeaderSettings(database.db)).logoWidth === 200) break;
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
      expect((await getHeaderSettings(database.db)).logoWidth).toBe(200);
    } finally {
      await stop();
    }
  });
});
