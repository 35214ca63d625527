import { expect, it } from "vitest";
import { countedText, listCountText } from "./list-count";

it("gives exact counts as they are and estimates rounded to two figures", () => {
  expect(listCountText(9_999)).toBe("9,999");
  expect(listCountText(198_734, true)).toBe("about 200,000");
  expect(listCountText(1_012_345, true)).toBe("about 1,000,000");
  expect(listCountText(10_001, true)).toBe("about 10,000");
  expect(listCountText(46_500, true)).toBe("about 47,000");
});

it("says a count with its noun in the singular for one only", () => {
  expect(countedText(1, "open invoice")).toBe("1 open invoice");
  expect(countedText(0, "open invoice")).toBe("0 open invoices");
  expect(countedText(2_500, "invoice past due", "invoices past due")).toBe(
    "2,500 invoices past due",
  );
});
