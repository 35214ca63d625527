import { describe, expect, it } from "vitest";
import { loginAs, staffServerAndBrowser } from "#tests/helpers/auth.ts";
import { openPage } from "#tests/helpers/browser.ts";
import { budget } from "#tests/helpers/time-budget.ts";

const running = staffServerAndBrowser();

describe("comment moderation", () => {
  it(
    "approves a visitor's comment so it appears on the insight, and marks another as spam",
    async () => {
      const list = await (await fetch(`${running.server.url}/insights`)).text();
      const insightPath = list.match(/href="(\/insights\/[a-z0-9-]+)"/)?.[1];
      expect(insightPath).toBeTruthy();

      const visitor = await openPage(running.browser);
      const bodies = [`Lovely piece ${Date.now()}`, `Buy cheap watches ${Date.now()}`];
      for (const body of bodies) {
        await visitor.page.goto(`${running.server.url}${insightPath}`, {
          waitUntil: "networkidle",
        });
        const form = visitor.page.locator("form", { hasText: "Leave a comment" });
        await form.getByLabel("Name").fill("Visitor");
        await form.getByLabel("Email (never shown)").fill(`visitor-${Date.now()}@example.com`);
        await form.getByLabel("Comment").fill(body);
        await visitor.page.waitForTimeout(3300);
        await form.getByRole("button", { name: "Post comment" }).click();
        await form
          .getByText("Thanks! Your comment will appear once a moderator has approved it.")
          .waitFor();
      }

      const admin = await openPage(running.browser);
      await loginAs(admin.page, running.server, "admin");
      await admin.page.goto(`${running.server.url}/admin/comments`);
      const good = admin.page.locator("li", { hasText: bodies[0] });
      expect(await good.getByRole("link").first().getAttribute("href")).toBe(insightPath);
      await good.getByRole("button", { name: "Approve the comment by Visitor" }).click();
      await expect
        .poll(() => admin.page.getByText("1 comment approved.").count(), {
          timeout: budget(20_000),
        })
        .toBeGreaterThan(0);
      const bad = admin.page.locator("li", { hasText: bodies[1] });
      await bad.getByRole("checkbox").check();
      await admin.page.getByRole("button", { name: "Mark as spam selected" }).click();
      await expect
        .poll(() => admin.page.getByText("1 comment marked as spam.").count(), {
          timeout: budget(20_000),
        })
        .toBeGreaterThan(0);
      await admin.page.getByRole("link", { name: /^Spam/ }).click();
      await expect
        .poll(() => admin.page.getByText(bodies[1]).count(), { timeout: budget(20_000) })
        .toBe(1);

      await visitor.page.goto(`${running.server.url}${insightPath}`);
      expect(await visitor.page.getByText(bodies[0]).count()).toBe(1);
      expect(await visitor.page.getByText(bodies[1]).count()).toBe(0);
      expect(visitor.errors).toEqual([]);
      expect(admin.errors).toEqual([]);
      await visitor.close();
      await admin.close();
    },
    budget(120_000),
  );
});
