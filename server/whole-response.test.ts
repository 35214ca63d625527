import { describe, expect, it } from "vitest";
import { WholeResponse, wholeBytesOf } from "./whole-response";

const page = "<!DOCTYPE html><p>Engineering the digital frontier — ünïcode.</p>";
const make = () =>
  new WholeResponse(Buffer.from(page), {
    status: 201,
    headers: { "Content-Type": "text/html; charset=utf-8", "X-Page": "home" },
  });

describe("WholeResponse", () => {
  it("hands its bytes over as they are", () => {
    expect(wholeBytesOf(make())?.toString()).toBe(page);
    expect(wholeBytesOf(new Response(page))).toBeUndefined();
  });

  it("reads like any Response through the standard API", async () => {
    const answer = make();
    expect(answer.status).toBe(201);
    expect(answer.headers.get("X-Page")).toBe("home");
    expect(await make().text()).toBe(page);
    expect(Buffer.from(await make().arrayBuffer()).toString()).toBe(page);
    const blob = await make().blob();
    expect(blob.type).toBe("text/html; charset=utf-8");
    expect(await blob.text()).toBe(page);
    expect(await new Response(make().body).text()).toBe(page);
    const copy = make().clone();
    expect(copy.status).toBe(201);
    expect(copy.headers.get("X-Page")).toBe("home");
    expect(await copy.text()).toBe(page);
    const json = new WholeResponse(Buffer.from('{"a":[1,2]}'), {});
    expect(await json.json()).toEqual({ a: [1, 2] });
  });

  it("keeps its bytes when part of a larger buffer", async () => {
    const pool = Buffer.from(`before${page}after`);
    const slice = pool.subarray(6, 6 + Buffer.byteLength(page));
    expect(Buffer.from(await new WholeResponse(slice, {}).arrayBuffer()).toString()).toBe(page);
  });
});
