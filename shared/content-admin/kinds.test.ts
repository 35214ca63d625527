import { describe, expect, it } from "vitest";
import { caseStudyKind, insightKind, slugHint } from "./kinds";

describe("the slug hint", () => {
  it("shows the kind's real address with the slug as typed", () => {
    expect(slugHint(caseStudyKind, "harbour-replatform", false)).toBe(
      "The address: /case-studies/harbour-replatform",
    );
    expect(slugHint(insightKind, "field-notes", false)).toBe("The address: /insights/field-notes");
    expect(slugHint(insightKind, " ", false)).toBe("The address: /insights/your-insight-slug");
  });

  it("says a published item's old address keeps working", () => {
    expect(slugHint(caseStudyKind, "new-name", true)).toMatch(
      /^The address: \/case-studies\/new-name\. Changing the slug keeps the old address working/,
    );
  });
});
