import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { startScriptEnv } from "../../bench/product";

const startScript = (
  JSON.parse(readFileSync(new URL("../../package.json", import.meta.url), "utf8")) as {
    scripts: { start: string };
  }
).scripts.start;

describe("npm start", () => {
  it("runs the server with one malloc arena (decision 801), and the bench starts it the same way", () => {
    expect(startScriptEnv(startScript)).toEqual({ MALLOC_ARENA_MAX: "1" });
    expect(startScript).toMatch(/ node scripts\/start\.mjs$/);
  });

  it("reads only the assignments the script begins with", () => {
    expect(startScriptEnv("A=1 B_2=x node run.mjs C=3")).toEqual({ A: "1", B_2: "x" });
    expect(startScriptEnv("node run.mjs")).toEqual({});
  });
});
