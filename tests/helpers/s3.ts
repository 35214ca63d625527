import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

/** s3rver's fixed credentials: it checks request signatures made with them. */
export const S3RVER_KEY = "S3RVER";

// Runs in its own process, so the S3 server never shares an event loop with the test.
const serverScript = `
const S3rver = require("s3rver");
const [directory, bucket] = process.argv.slice(1);
new S3rver({ address: "127.0.0.1", port: 0, directory, silent: true, configureBuckets: [{ name: bucket }] })
  .run()
  .then((address) => process.stdout.write(JSON.stringify({ port: address.port }) + "\\n"));
`;

export type RunningS3 = {
  endpoint: string;
  bucket: string;
  /** Where s3rver keeps the objects (a file per object, named after its key). */
  directory: string;
  /** The environment an app instance needs to store its files in this bucket. */
  env: Record<string, string>;
  process: ChildProcess;
  stop(): Promise<void>;
};

/** An S3-compatible server (s3rver) with one empty bucket, on a free port and a temporary directory. */
export async function startS3Server(bucket = "frontier"): Promise<RunningS3> {
  const directory = mkdtempSync(path.join(tmpdir(), "frontier-s3-"));
  const child = spawn(process.execPath, ["-e", serverScript, directory, bucket], {
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stderr?.on("data", (chunk) => {
    output += chunk;
  });
  const port = await new Promise<number>((resolve, reject) => {
    child.stdout?.on("data", (chunk) => {
      output += chunk;
      const match = output.match(/\{"port":(\d+)\}/);
      if (match) resolve(Number(match[1]));
    });
    child.once("exit", (code) => reject(new Error(`s3rver exited with ${code}:\n${output}`)));
  });
  const endpoint = `http://127.0.0.1:${port}`;
  return {
    endpoint,
    bucket,
    directory,
    env: {
      S3_BUCKET: bucket,
      S3_ENDPOINT: endpoint,
      S3_REGION: "us-east-1",
      S3_ACCESS_KEY_ID: S3RVER_KEY,
      S3_SECRET_ACCESS_KEY: S3RVER_KEY,
    },
    process: child,
    async stop() {
      if (child.exitCode === null) {
        const exited = new Promise((resolve) => child.once("exit", resolve));
        child.kill("SIGTERM");
        await exited;
      }
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
