import { existsSync, readdirSync } from "node:fs";
import http from "node:http";
import path from "node:path";
import { asc } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createStaffUser } from "#server/auth/users.ts";
import { openDatabase } from "#server/db/client.ts";
import { testimonials } from "#server/db/schema/content.ts";
import { STAFF_PASSWORD, signInCookie, uniqueStaffEmail } from "#tests/helpers/auth.ts";
import { createTempPostgresDatabase } from "#tests/helpers/pg.ts";
import { type RunningS3, startS3Server } from "#tests/helpers/s3.ts";
import { type RunningServer, startServer } from "#tests/helpers/server.ts";
import { budget } from "#tests/helpers/time-budget.ts";

/**
 * Two app instances on one PostgreSQL and one S3-compatible server (s3rver, in its own
 * process), as behind a load balancer: a file uploaded through one is served, replaced
 * and deleted through the other, and a page cached on both is refreshed on both.
 */
type Media = { id: string; url: string; variants: Array<{ key: string; url: string }> };

describe.runIf(process.env.TEST_DATABASE_URL)("two instances on PostgreSQL and S3", () => {
  let temp: Awaited<ReturnType<typeof createTempPostgresDatabase>>;
  let s3: RunningS3;
  let first: RunningServer;
  let second: RunningServer;
  let testimonialId = "";
  const cookies = new Map<RunningServer, string>();
  const admin = { email: uniqueStaffEmail("s3-admin"), password: STAFF_PASSWORD };

  beforeAll(async () => {
    [temp, s3] = await Promise.all([createTempPostgresDatabase(), startS3Server()]);
    const database = await openDatabase({ databaseUrl: temp.url });
    await createStaffUser({ db: database.db }, { ...admin, name: "S3 Admin", role: "admin" });
    await database.close();
    const env = {
      DATABASE_URL: temp.url,
      PUBLIC_URL: "http://127.0.0.1",
      AUTH_SECRET: "a-shared-secret-for-both-instances-0123456789",
      ...s3.env,
    };
    // One after the other: the first migrates and adds the demo content.
    first = await startServer({ env });
    second = await startServer({ env });
    for (const server of [first, second]) cookies.set(server, await signInCookie(server, admin));
    const check = await openDatabase({ databaseUrl: temp.url, migrate: false });
    const [row] = await check.db
      .select({ id: testimonials.id })
      .from(testimonials)
      .orderBy(asc(testimonials.position))
      .limit(1);
    await check.close();
    testimonialId = row.id;
  });

  afterAll(async () => {
    await Promise.all([first?.stop(), second?.stop()]);
    await Promise.all([temp?.drop(), s3?.stop()]);
  });

  async function upload(server: RunningServer, color: string): Promise<Media> {
    const png = await sharp({ create: { width: 64, height: 48, channels: 3, background: color } })
      .png()
      .toBuffer();
    const form = new FormData();
    form.append("kind", "image");
    form.append("alt", `A ${color} square`);
    form.append("file", new Blob([png], { type: "image/png" }), "square.png");
    const response = await fetch(`${server.url}/admin/media/upload`, {
      method: "POST",
      headers: { Origin: server.url, Cookie: cookies.get(server)! },
      body: form,
    });
    const text = await response.text();
    expect(response.status, text).toBe(200);
    return (JSON.parse(text) as { media: Media }).media;
  }

  async function bytesOf(server: RunningServer, url: string) {
    const response = await fetch(`${server.url}${url}`);
    return { status: response.status, body: Buffer.from(await response.arrayBuffer()) };
  }

  async function setTestimonialPhoto(server: RunningServer, photoUrl: string, quote: string) {
    const response = await fetch(`${server.url}/admin/testimonials/edit/${testimonialId}`, {
      method: "POST",
      redirect: "manual",
      headers: {
        "Content-Type": "application/x-www-form-urlencoded",
        Origin: server.url,
        Cookie: cookies.get(server)!,
      },
      body: new URLSearchParams({
        quote,
        name: "Grace Hopper",
        role: "Rear Admiral",
        company: "Navy",
        photoUrl,
        photoAlt: "Grace at her desk",
        isVisible: "on",
      }),
    });
    expect(response.status, await response.text()).toBe(302);
  }

  /** The keys s3rver holds in the bucket. */
  const keysInBucket = () =>
    readdirSync(path.join(s3.directory, s3.bucket), { recursive: true, encoding: "utf8" });
  const isInBucket = (key: string) => keysInBucket().some((file) => file.startsWith(key));

  /** Home as an anonymous visitor sees it (from the page cache once stored). */
  const home = async (server: RunningServer) => (await fetch(`${server.url}/`)).text();

  it("serves, replaces and deletes an image through the other instance, and refreshes the cached page on both", async () => {
    const original = await upload(first, "#3366ff");
    // In the bucket, not on either instance's disk.
    for (const variant of original.variants)
      expect(isInBucket(variant.key), variant.key).toBe(true);
    for (const server of [first, second])
      expect(existsSync(path.join(server.dataDir, "uploads"))).toBe(false);
    for (const variant of original.variants) {
      const served = await bytesOf(second, variant.url);
      expect(served.status, variant.url).toBe(200);
      expect((await sharp(served.body).metadata()).format).toMatch(/webp|heif|png/);
      // Both instances read the same object from the bucket.
      expect((await bytesOf(first, variant.url)).body.equals(served.body)).toBe(true);
    }

    // Home cached on both instances.
    for (const server of [first, second]) {
      await home(server);
      const cached = await fetch(`${server.url}/`);
      expect(cached.headers.get("x-page-cache")).toBe("hit");
    }
    const name = (media: Media) => media.url.split("/").pop()!.split(".")[0].split("-")[0];

    await setTestimonialPhoto(first, original.url, "They shipped on the day they promised.");
    for (const server of [first, second])
      await expect.poll(() => home(server), { timeout: budget(10_000) }).toContain(name(original));

    // The replacement is uploaded and put in place through the second instance.
    const replacement = await upload(second, "#ff6633");
    await setTestimonialPhoto(second, replacement.url, "They shipped early, twice.");
    for (const server of [first, second]) {
      await expect
        .poll(() => home(server), { timeout: budget(10_000) })
        .toContain(name(replacement));
      expect(await home(server)).not.toContain(name(original));
    }
    expect((await bytesOf(first, replacement.variants[0].url)).status).toBe(200);

    // The old file, no longer used, is deleted through the second; it is gone for both.
    const deleted = await fetch(`${second.url}/admin/media/upload?id=${original.id}`, {
      method: "DELETE",
      headers: { Origin: second.url, Cookie: cookies.get(second)! },
    });
    expect(deleted.status, await deleted.text()).toBe(200);
    for (const variant of original.variants)
      expect(isInBucket(variant.key), variant.key).toBe(false);
    for (const server of [first, second])
      for (const variant of original.variants)
        expect((await bytesOf(server, variant.url)).status, variant.url).toBe(404);
    const again = await fetch(`${first.url}/admin/media/upload?id=${original.id}`, {
      method: "DELETE",
      headers: { Origin: first.url, Cookie: cookies.get(first)! },
    });
    expect(again.status).toBe(404);
  });

  it("keeps serving files after many HEAD requests and abandoned downloads", async () => {
    const image = await upload(first, "#22aa55");
    const url = `${second.url}${image.variants[0].url}`;
    // More than the S3 client's pool of connections: each must be given back.
    for (let i = 0; i < 60; i++) {
      const head = await fetch(url, { method: "HEAD" });
      expect(head.status).toBe(200);
      await head.arrayBuffer();
    }
    for (let i = 0; i < 60; i++) await abandonedDownload(url);
    const served = await bytesOf(second, image.variants[0].url);
    expect(served.status).toBe(200);
    expect(served.body.length).toBeGreaterThan(0);
  });
});

/** Starts a download and hangs up after the headers, as a visitor leaving the page does. */
function abandonedDownload(url: string) {
  return new Promise<void>((resolve, reject) => {
    const request = http.get(url, (response) => {
      response.destroy();
      request.destroy();
      resolve();
    });
    request.on("error", (error) => {
      if ((error as NodeJS.ErrnoException).code === "ECONNRESET") resolve();
      else reject(error);
    });
  });
}
