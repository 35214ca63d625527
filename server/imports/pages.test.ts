import { describe, expect, it } from "vitest";
import { parsePageInput } from "#server/pages/pages.ts";
import { MAX_BLOCK_MARKDOWN } from "#shared/pages/blocks.ts";
import { pageInputOf, splitMarkdown, withoutTagLikeText } from "./pages";

const paragraph = (index: number) => `Paragraph ${index}: ${"words and more words ".repeat(40)}`;

describe("an imported page's text as blocks", () => {
  it("splits long Markdown between paragraphs, each piece within a block's limit", () => {
    const markdown = Array.from({ length: 200 }, (_, index) => paragraph(index).trim()).join(
      "\n\n",
    );
    const texts = splitMarkdown(markdown);
    expect(texts.length).toBeGreaterThan(1);
    for (const text of texts) expect(text.length).toBeLessThanOrEqual(MAX_BLOCK_MARKDOWN);
    expect(texts.join("\n\n")).toBe(markdown);
    const input = pageInputOf({ path: "/long", title: "Long", markdown });
    expect(parsePageInput(input).blocks).toHaveLength(1 + texts.length);
  });

  it("keeps a code block whole, and opens its fence again when it has to be cut", () => {
    const code = ["```js", ...Array.from({ length: 3000 }, (_, i) => `call(${i});`), "```"].join(
      "\n",
    );
    const texts = splitMarkdown(`Before.\n\n${code}\n\nAfter.`, 10_000);
    for (const text of texts) {
      expect(text.length).toBeLessThanOrEqual(10_000);
      expect(text.match(/```/g)?.length ?? 0).toBe(text.includes("```") ? 2 : 0);
    }
    expect(texts[0]).toBe("Before.");
    expect(texts[1].startsWith("```js\ncall(0);\n")).toBe(true);
    expect(texts.at(-1)?.endsWith("call(2999);\n```\n\nAfter.")).toBe(true);
    const calls = texts.join("\n").match(/call\(\d+\);/g) ?? [];
    expect(calls).toEqual(Array.from({ length: 3000 }, (_, i) => `call(${i});`));
    expect(splitMarkdown("```\n<a>\n\ncode\n```")).toEqual(["```\n<a>\n\ncode\n```"]);
  });

  it("keeps text that reads as an HTML tag as text, which a block takes", () => {
    const { markdown, isChanged } = withoutTagLikeText(
      "Wrap it in <div> tags, `<span>` too; 3 < 4.\n\n```html\n<p>Hi</p>\n```",
    );
    expect(isChanged).toBe(true);
    expect(markdown).toBe(
      "Wrap it in &lt;div> tags, `<\u200bspan>` too; 3 < 4.\n\n```html\n<\u200bp>Hi<\u200b/p>\n```",
    );
    expect(() =>
      parsePageInput(pageInputOf({ path: "/tags", title: "Tags", markdown })),
    ).not.toThrow();
    expect(withoutTagLikeText("No tags here: 3 < 4 > 2.").isChanged).toBe(false);
  });

  it("refuses a page beyond what a page holds, with the page area's own message", () => {
    const markdown = Array.from({ length: 800 }, (_, index) => paragraph(index).trim()).join(
      "\n\n",
    );
    expect(() => parsePageInput(pageInputOf({ path: "/huge", title: "Huge", markdown }))).toThrow(
      /A page holds at most 256 KB of blocks/,
    );
  });
});
