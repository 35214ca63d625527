import { expect, it } from "vitest";
import { keepDataAfterFailure } from "./revalidate";

it("keeps the page's data after a refused submission, reloads it after a good one", () => {
  const base = { defaultShouldRevalidate: true };
  expect(keepDataAfterFailure({ ...base, actionResult: { ok: false, error: "No" } })).toBe(false);
  expect(keepDataAfterFailure({ ...base, actionResult: { ok: true } })).toBe(true);
  expect(keepDataAfterFailure({ ...base })).toBe(true);
  expect(keepDataAfterFailure({ defaultShouldRevalidate: false })).toBe(false);
});
