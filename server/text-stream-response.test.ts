import { describe, expect, it } from "vitest";
import { TextStreamResponse, textChunksOf } from "./text-stream-response";

const pieces = ["email,name\n", "ada@example.com,Ada Lovelace\n", "zoë@example.com,Zoë\n"];
async function* generate() {
  yield* pieces;
}
const make = () =>
  new TextStreamResponse(generate(), {
    status: 200,
    headers: { "Content-Type": "text/csv; charset=utf-8" },
  });

describe("TextStreamResponse", () => {
  it("hands its pieces over as they are", async () => {
    const chunks = textChunksOf(make());
    const read: string[] = [];
    for await (const piece of chunks ?? []) read.push(piece);
    expect(read).toEqual(pieces);
    expect(textChunksOf(new Response("a,b"))).toBeUndefined();
  });

  it("reads like any Response through the standard API, as UTF-8", async () => {
    expect(make().headers.get("Content-Type")).toBe("text/csv; charset=utf-8");
    expect(await make().text()).toBe(pieces.join(""));
    expect(Buffer.from(await make().arrayBuffer()).toString("utf8")).toBe(pieces.join(""));
    expect(await new Response(make().body).text()).toBe(pieces.join(""));
  });

  it("asks for a piece only when its stream's reader asks for one", async () => {
    let asked = 0;
    async function* counted() {
      for (const piece of pieces) {
        asked++;
        yield piece;
      }
    }
    const reader = new TextStreamResponse(counted(), {}).body.getReader();
    expect(asked).toBe(0);
    await reader.read();
    expect(asked).toBe(1);
    await reader.cancel();
  });
});
