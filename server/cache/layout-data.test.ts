import { afterEach, expect, it, vi } from "vitest";
import { settings } from "#server/db/schema/settings.ts";
import { getHeaderSettings, HEADER_SETTINGS_ID } from "#server/settings/header.ts";
import { describeEachDatabase } from "#tests/helpers/db.ts";
import { listenForLayoutChanges } from "./invalidate";
import { forgetLayoutData, rememberLayoutData, rememberPublicData } from "./layout-data";
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

afterEach(() => {
  vi.useRealTimers();
});

it("keeps a public page's data until forgotten or five minutes old, and apart from layout data", async () => {
  vi.useFakeTimers({ toFake: ["Date"] });
  const handle = {};
  let reads = 0;
  const read = () => rememberPublicData(handle, "home", async () => ++reads);
  expect([await read(), await read()]).toEqual([1, 1]);
  // The same key for layout data is another entry.
  expect(await rememberLayoutData(handle, "home", async () => "layout")).toBe("layout");
  vi.advanceTimersByTime(4 * 60 * 1000);
  expect(await read()).toBe(1);
  vi.advanceTimersByTime(60 * 1000);
  expect(await read()).toBe(2);
  forgetLayoutData();
  expect(await read()).toBe(3);
});

it("keeps at most a thousand pages' data, the least recently used going first", async () => {
  const handle = {};
  const reads = new Map<string, number>();
  const read = (key: string) =>
    rememberPublicData(handle, key, async () => {
      reads.set(key, (reads.get(key) ?? 0) + 1);
      return key;
    });
  await read("kept");
  for (let page = 0; page < 999; page++) await read(`page-${page}`);
  await read("kept");
  await read("one more");
  // "page-0" was the least recently used when the thousand-and-first came.
  await read("kept");
  await read("page-0");
  expect(reads.get("kept")).toBe(1);
  expect(reads.get("page-0")).toBe(2);
});

it("keeps layout data however many pages' data come after it", async () => {
  const handle = {};
  let layoutReads = 0;
  const layout = () => rememberLayoutData(handle, "menus", async () => ++layoutReads);
  await layout();
  for (let page = 0; page < 1100; page++)
    await rememberPublicData(handle, `p${page}`, async () => page);
  expect(await layout()).toBe(1);
});

it("does not keep data for an address longer than any page's", async () => {
  let reads = 0;
  const key = `insight:${"x".repeat(300)}`;
  const read = () => rememberPublicData({}, key, async () => ++reads);
  expect([await read(), await read()]).toEqual([1, 2]);
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
