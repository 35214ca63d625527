import { describe, expect, it } from "vitest";
import { statusFilterFrom } from "./status-filter";

const statuses = ["outstanding", "draft", "paid"] as const;
const from = (search: string) =>
  statusFilterFrom(new URL(`http://x/admin/invoices${search}`), statuses);

describe("statusFilterFrom", () => {
  it("keeps a status the list knows", () => {
    expect(from("?status=outstanding")).toBe("outstanding");
    expect(from("?q=acme&status=paid")).toBe("paid");
  });

  it("lists every state for a missing, empty or unknown status", () => {
    expect(from("")).toBeUndefined();
    expect(from("?status=")).toBeUndefined();
    expect(from("?status=PAID")).toBeUndefined();
    expect(from("?status=paid%27--")).toBeUndefined();
  });
});
