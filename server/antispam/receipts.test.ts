import { eq } from "drizzle-orm";
import { expect, it } from "vitest";
import { formReceipts } from "#server/db/schema/antispam.ts";
import { unique } from "#tests/helpers/content.ts";
import { describeEachDatabase } from "#tests/helpers/db.ts";
import { issueFormToken } from "./antispam";
import { formKeyOf, hasFormReceipt, pruneFormReceipts, writeOnce } from "./receipts";

const secret = "a-secret-of-at-least-thirty-two-characters";

describeEachDatabase("form receipts", (get) => {
  it("runs a filling's write once, even when it arrives several times at once", async () => {
    const { db } = get();
    const key = unique();
    let writes = 0;
    const write = async () => ++writes;
    const results = await Promise.all(
      Array.from({ length: 4 }, () => writeOnce({ db, scope: "contact", key, write })),
    );
    expect(writes).toBe(1);
    expect(results.filter((result) => !result.isRepeat)).toEqual([{ isRepeat: false, result: 1 }]);
    expect(await hasFormReceipt({ db, scope: "contact", key })).toBe(true);
    // Scopes are apart, and a write without a key always runs.
    expect(await hasFormReceipt({ db, scope: "comment", key })).toBe(false);
    await writeOnce({ db, scope: "contact", key: undefined, write });
    await writeOnce({ db, scope: "contact", key: undefined, write });
    expect(writes).toBe(3);
  });

  it("keeps no receipt when the write fails, so sending again works", async () => {
    const { db } = get();
    const key = unique();
    const failing = () => Promise.reject(new Error("mail server down"));
    await expect(writeOnce({ db, scope: "newsletter", key, write: failing })).rejects.toThrow();
    expect(await hasFormReceipt({ db, scope: "newsletter", key })).toBe(false);
    const again = await writeOnce({ db, scope: "newsletter", key, write: async () => "ok" });
    expect(again).toEqual({ isRepeat: false, result: "ok" });
  });

  it("reads the key from a signed token only, and forgets receipts after two days", async () => {
    const { db } = get();
    const form = new FormData();
    form.set("formToken", issueFormToken(secret));
    const key = formKeyOf({ secret, form });
    expect(key).toHaveLength(22);
    form.set("formToken", issueFormToken("another-secret-another-secret-another"));
    expect(formKeyOf({ secret, form })).toBeUndefined();

    await writeOnce({ db, scope: "comment", key, write: async () => undefined });
    await pruneFormReceipts({ db, now: new Date(Date.now() + 24 * 3600_000) });
    expect(await hasFormReceipt({ db, scope: "comment", key })).toBe(true);
    await pruneFormReceipts({ db, now: new Date(Date.now() + 49 * 3600_000) });
    expect(await hasFormReceipt({ db, scope: "comment", key })).toBe(false);
    expect(
      await db
        .select()
        .from(formReceipts)
        .where(eq(formReceipts.key, String(key))),
    ).toEqual([]);
  });
});
