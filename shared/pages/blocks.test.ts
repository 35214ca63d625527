import { describe, expect, it } from "vitest";
import { checkPageBlocks, emptyBlock, MAX_BLOCKS, pageBlockTypes } from "./blocks";
import { describePageChanges } from "./changes";

const faq = (items: Array<{ question: string; answer: string }>) => ({ type: "faqList", items });

describe("page blocks", () => {
  it("accepts good blocks and fills their defaults", () => {
    const result = checkPageBlocks([
      { type: "hero", title: "Hello", ctas: [{ label: "Talk", href: "/contact" }] },
      faq([{ question: "Why?", answer: "Because." }]),
    ]);
    expect(result.ok).toBe(true);
    if (result.ok) expect(result.blocks[0]).toMatchObject({ variant: "page", points: [] });
  });

  it("keeps a section's spacing and hidden heading, and refuses a spacing it does not know", () => {
    const good = checkPageBlocks([
      {
        type: "richText",
        heading: "Ours",
        isHeadingHidden: true,
        spacing: "joined",
        markdown: "A",
      },
    ]);
    expect(good.ok && good.blocks[0]).toMatchObject({ isHeadingHidden: true, spacing: "joined" });
    const bad = checkPageBlocks([{ type: "richText", spacing: "huge", markdown: "A" }]);
    expect(!bad.ok && bad.message).toMatch(/^Block 1 \(Rich text\): /);
  });

  it("names the bad block, its item and what is missing", () => {
    const result = checkPageBlocks([
      { type: "hero", title: "Hi" },
      { type: "richText", markdown: "Text" },
      faq([
        { question: "One?", answer: "Yes." },
        { question: "Two?", answer: "" },
      ]),
    ]);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.message).toBe("Block 3 (FAQ list): question 2 needs an answer.");
  });

  it("refuses raw HTML, outside links that are not https, unknown types and too many CTAs", () => {
    const html = checkPageBlocks([{ type: "richText", markdown: "Hi <script>x</script>" }]);
    expect(!html.ok && html.message).toBe("Block 1 (Rich text): text may not contain HTML.");
    const http = checkPageBlocks([
      { type: "ctaBand", title: "Go", primary: { label: "Go", href: "http://example.com" } },
    ]);
    expect(!http.ok && http.message).toContain("must be a site path (/contact) or an https://");
    const script = checkPageBlocks([
      { type: "ctaBand", title: "Go", primary: { label: "Go", href: "javascript:alert(1)" } },
    ]);
    expect(script.ok).toBe(false);
    expect(checkPageBlocks([{ type: "marquee" }])).toMatchObject({
      ok: false,
      message: "Block 1: unknown block type.",
    });
    const cta = { label: "A", href: "https://example.com" };
    const three = checkPageBlocks([{ type: "hero", title: "T", ctas: [cta, cta, cta] }]);
    expect(!three.ok && three.message).toBe("Block 1 (Hero): has at most two calls to action.");
  });

  it("holds a page to 100 blocks and 256 KB", () => {
    const many = Array.from({ length: MAX_BLOCKS + 1 }, () => ({ type: "newsletter" }));
    expect(!checkPageBlocks(many).ok && checkPageBlocks(many)).toMatchObject({
      message: expect.stringContaining("at most 100 blocks"),
    });
    const big = Array.from({ length: 20 }, () => ({
      type: "richText",
      markdown: "x".repeat(15_000),
    }));
    const result = checkPageBlocks(big);
    expect(!result.ok && result.message).toContain("at most 256 KB");
  });

  it("has an empty block for every type that names what to fill in", () => {
    for (const type of pageBlockTypes) expect(emptyBlock(type).type).toBe(type);
  });

  it("describes what another editor changed", () => {
    const before = { path: "/faq", title: "FAQ", blocks: [{ type: "hero", title: "A" }] };
    const after = {
      path: "/faq",
      title: "Questions",
      blocks: [{ type: "hero", title: "B" }, faq([{ question: "Q", answer: "A" }])],
    };
    expect(describePageChanges(before, after)).toEqual([
      "Title changed",
      "Block 1 (Hero) changed",
      "Block 2 (FAQ list) added",
    ]);
  });
});
