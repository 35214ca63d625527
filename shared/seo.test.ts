import { describe, expect, it } from "vitest";
import { composeTitle, SITE_NAME, seoMeta, TITLE_LIMIT } from "./seo";

describe("page titles", () => {
  it("adds the site name, and the case study's client, only when they fit in 60 characters", () => {
    expect(composeTitle(["FAQ"])).toBe(`FAQ | ${SITE_NAME}`);
    const study = "VR safety training for a packaging plant";
    expect(composeTitle([`${study}: Kestrel Packaging case study`, study])).toBe(
      `${study} | ${SITE_NAME}`,
    );
    const long = "A grocery app that works in the basement car park";
    expect(composeTitle([`${long}: FreshCart Markets case study`, long])).toBe(long);
    expect(composeTitle(["Short: Acme case study", "Short"])).toBe(
      `Short: Acme case study | ${SITE_NAME}`,
    );
  });

  it("never makes a title longer than the limit unless staff wrote it so", () => {
    for (const length of [20, 41, 42, 59, 60])
      expect(composeTitle(["x".repeat(length)]).length).toBeLessThanOrEqual(TITLE_LIMIT);
    expect(composeTitle(["y".repeat(70)])).toBe("y".repeat(70));
    expect(
      seoMeta({
        title: "Already | Digital Frontier",
        description: "d",
        path: "/",
        publicUrl: "",
      })[0],
    ).toEqual({
      title: "Already | Digital Frontier",
    });
  });
});
