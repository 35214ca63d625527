import { describe, expect, it } from "vitest";
import { defaultNavigation } from "#shared/site-navigation.ts";
import { moveItem, toDocument, toEditState } from "./edit-state";

describe("navigation edit state", () => {
  it("gives every link and group its own key and gives back the document without them", () => {
    const state = toEditState(defaultNavigation);
    const keys = [
      ...state.header.map((link) => link.key),
      ...state.footer.flatMap((group) => [group.key, ...group.links.map((link) => link.key)]),
    ];
    expect(new Set(keys).size).toBe(keys.length);
    expect(toDocument(state)).toEqual(defaultNavigation);
  });

  it("moves an item up, down and across the list, and ignores moves out of range", () => {
    expect(moveItem(["a", "b", "c", "d"], 3, 1)).toEqual(["a", "d", "b", "c"]);
    expect(moveItem(["a", "b", "c"], 0, 2)).toEqual(["b", "c", "a"]);
    const list = ["a", "b"];
    expect(moveItem(list, 0, 2)).toBe(list);
    expect(moveItem(list, -1, 0)).toBe(list);
  });
});
