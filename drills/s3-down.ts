/**
 * s3-down: the S3 server (s3rver, as the tests use) stops while images are uploaded to a product
 * that stores files in S3. Each upload while it is away is refused with a 503 a person can act
 * on; no media row lacks its objects, no object lacks its row; uploads work once it is back.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { existsSync, mkdtempSync, readdirSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import sharp from "sharp";
import { createStaffUser } from "#server/auth/users.ts";
import { media } from "#server/db/schema/media.ts";
import { BENCH_STAFF, freePort, signIn, stopAtExit } from "../bench/product";
import { type DrillResult, freshSite, removeDir, sleep, startProduct, withDatabase } from "./lib";

const BUCKET = "frontier";
const KEY = "S3RVER";
const BEFORE = 4;
const WHILE_DOWN = 8;
const AFTER = 4;

const serverScript = `
const S3rver = require("s3rver");
const [directory, bucket, port] = process.argv.slice(1);
new S3rver({ address: "127.0.0.1", port: Number(port), directory, silent: true, configureBuckets: [{ name: bucket }] })
  .run()
  .then(() => process.stdout.write("ready\\n"));
`;

/** s3rver in its own process on `port`, keeping its objects in `directory` across restarts. */
async function startS3(directory: string, port: number) {
  const child: ChildProcess = spawn(
    process.execPath,
    ["-e", serverScript, directory, BUCKET, String(port)],
    {
      stdio: ["ignore", "pipe", "pipe"],
    },
  );
  stopAtExit(child);
  let output = "";
  await new Promise<void>((resolve, reject) => {
    child.stdout?.on("data", (chunk) => {
      output += chunk;
      if (output.includes("ready")) resolve();
    });
    child.stderr?.on("data", (chunk) => {
      output += chunk;
    });
    child.once("exit", (code) => reject(new Error(`s3rver exited with ${code}:\n${output}`)));
  });
  return {
    /** Ends it at once, as a crashed or unreachable S3 would. */
    async kill() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = new Promise((resolve) => child.once("exit", resolve));
      child.kill("SIGKILL");
      await exited;
    },
  };
}

/** The keys s3rver holds in the bucket (it keeps `<key>._S3rver_object` files). */
function storedKeys(directory: string) {
  const bucketDir = path.join(directory, BUCKET);
  if (!existsSync(bucketDir)) return [];
  return (readdirSync(bucketDir, { recursive: true }) as string[])
    .filter((name) => name.endsWith("._S3rver_object"))
    .map((name) => name.slice(0, -"._S3rver_object".length).split(path.sep).join("/"));
}

type Answer = { status: number; error?: string };

export async function s3DownDrill(): Promise<DrillResult> {
  const dataDir = await freshSite("s3-down");
  const s3Dir = mkdtempSync(path.join(tmpdir(), "frontier-drill-s3-"));
  const port = await freePort();
  let s3 = await startS3(s3Dir, port);
  const image = await sharp({
    create: { width: 1600, height: 1000, channels: 3, background: { r: 40, g: 120, b: 200 } },
  })
    .png()
    .toBuffer();
  try {
    await withDatabase(dataDir, (db) => createStaffUser({ db }, { ...BENCH_STAFF, role: "admin" }));
    const product = await startProduct({
      dataDir,
      env: {
        S3_BUCKET: BUCKET,
        S3_ENDPOINT: `http://127.0.0.1:${port}`,
        S3_REGION: "us-east-1",
        S3_ACCESS_KEY_ID: KEY,
        S3_SECRET_ACCESS_KEY: KEY,
      },
    });
    const session = await signIn(product.url);
    const upload = async (index: number): Promise<Answer> => {
      const form = new FormData();
      form.set("kind", "image");
      form.set("alt", `Drill image ${index}`);
      form.set("file", new Blob([image], { type: "image/png" }), `drill-${index}.png`);
      const response = await fetch(`${product.url}/admin/media/upload`, {
        method: "POST",
        headers: { Cookie: session, Origin: product.url },
        body: form,
      }).catch((error: Error) => ({ status: 0, text: async () => error.message }));
      const text = await response.text();
      return { status: response.status, error: text.match(/File storage[^"]*/)?.[0] };
    };

    const before: Answer[] = [];
    for (let index = 0; index < BEFORE; index++) before.push(await upload(index));
    // Two uploads in flight when S3 goes away, then the rest while it is away.
    const inFlight = [upload(100), upload(101)];
    await sleep(150);
    await s3.kill();
    const during: Answer[] = await Promise.all(inFlight);
    for (let index = 2; index < WHILE_DOWN; index++) during.push(await upload(100 + index));
    s3 = await startS3(s3Dir, port);
    const after: Answer[] = [];
    for (let index = 0; index < AFTER; index++) after.push(await upload(200 + index));
    await product.stop();

    const rows = await withDatabase(dataDir, (db) =>
      db.select({ variants: media.variants }).from(media),
    );
    const keys = new Set(storedKeys(s3Dir));
    const recorded = new Set(rows.flatMap((row) => row.variants.map((variant) => variant.key)));
    const rowsMissingObjects = rows.filter((row) =>
      row.variants.some((variant) => !keys.has(variant.key)),
    ).length;
    const orphans = [...keys].filter((key) => !recorded.has(key)).length;
    const ok = (answer: Answer) => answer.status === 200;
    const refusedClearly = during.filter((answer) => answer.status === 503 && answer.error).length;
    const acceptedDuring = during.filter(ok).length;
    const accepted = [...before, ...during, ...after].filter(ok).length;
    return {
      name: "s3-down",
      ok:
        before.every(ok) &&
        after.every(ok) &&
        refusedClearly + acceptedDuring === during.length &&
        rowsMissingObjects === 0 &&
        orphans === 0 &&
        rows.length === accepted,
      counts: [
        ["uploads before S3 stopped (ok)", `${before.length} (${before.filter(ok).length})`],
        ["uploads while it stopped or was away", during.length],
        ["  refused with a clear 503", refusedClearly],
        ["  finished before it stopped (200)", acceptedDuring],
        [
          "  other answers",
          during
            .filter((answer) => !ok(answer) && !(answer.status === 503 && answer.error))
            .map((answer) => answer.status)
            .join(", ") || "none",
        ],
        ["message shown", during.find((answer) => answer.error)?.error ?? "none"],
        ["media rows / uploads answered 200", `${rows.length} / ${accepted}`],
        ["half-recorded: rows missing an object", rowsMissingObjects],
        ["half-recorded: objects without a row", orphans],
        ["uploads after S3 came back (ok)", `${after.length} (${after.filter(ok).length})`],
      ],
    };
  } finally {
    await s3.kill();
    removeDir(dataDir);
    removeDir(s3Dir);
  }
}
