import { describe, expect, it } from "vitest";
import { contiguousSeq, mergeMessages, withoutFirstBody } from "./chat-socket";

describe("chat message merging", () => {
  it("keeps one copy per sequence number, in order", () => {
    const merged = mergeMessages([{ seq: 1 }, { seq: 3 }], [{ seq: 2 }, { seq: 3 }, { seq: 1 }]);
    expect(merged.map((message) => message.seq)).toEqual([1, 2, 3]);
  });

  it("returns the same list when nothing is new, so nothing re-renders", () => {
    const current = [{ seq: 1 }];
    expect(mergeMessages(current, [{ seq: 1 }])).toBe(current);
  });

  it("resumes after the last message with nothing missing before it", () => {
    expect(contiguousSeq([])).toBe(0);
    expect(contiguousSeq([{ seq: 1 }, { seq: 2 }, { seq: 4 }])).toBe(2);
  });
});

it("drops only the first pending message with a delivered body", () => {
  const pending = [
    { clientId: "a", body: "hi" },
    { clientId: "b", body: "hi" },
    { clientId: "c", body: "there" },
  ];
  expect(withoutFirstBody(pending, "hi").map((item) => item.clientId)).toEqual(["b", "c"]);
  expect(withoutFirstBody(pending, "nope")).toBe(pending);
});
