import { describe, expect, it } from "vitest";
import { markdownToText, readingMinutes, renderMarkdown } from "./markdown";

describe("renderMarkdown", () => {
  it("renders headings, lists, code and links", () => {
    const html = renderMarkdown(
      "# Title\n\n## Section\n\nSome *text* with [a link](https://example.com).\n\n- one\n- two\n\n```ts\nconst x = 1;\n```",
    );
    expect(html).toContain("<h2>Title</h2>");
    expect(html).toContain("<h2>Section</h2>");
    expect(html).toContain("<em>text</em>");
    expect(html).toContain('<a href="https://example.com" rel="noopener noreferrer nofollow">');
    expect(html).toContain("<li>one</li>");
    expect(html).toContain('<code class="language-ts">');
  });

  it("drops script elements and their content", () => {
    const html = renderMarkdown(
      "Hello\n\n<script>alert('x')</script>\n\n<SCRIPT src=//evil></SCRIPT>",
    );
    expect(html).not.toMatch(/<script/i);
    expect(html).not.toContain("alert(");
  });

  it("drops event handler attributes", () => {
    const html = renderMarkdown(
      '<img src="https://example.com/a.png" onerror="alert(1)"> <a href="/x" onclick="steal()">x</a> <p onmouseover="x()">p</p>',
    );
    expect(html).not.toMatch(/on\w+=/i);
    expect(html).toContain('src="https://example.com/a.png"');
  });

  it("neutralises javascript: and data: links in every spelling", () => {
    const sources = [
      "[click](javascript:alert(1))",
      "[click](JaVaScRiPt:alert(1))",
      '<a href="javascript:alert(1)">click</a>',
      '<a href="  javascript:alert(1)">click</a>',
      '<a href="java&#x09;script:alert(1)">click</a>',
      '<a href="&#106;avascript:alert(1)">click</a>',
      '<a href="data:text/html;base64,PHNjcmlwdD4=">click</a>',
      '<img src="javascript:alert(1)">',
      "![x](javascript:alert(1))",
    ];
    for (const source of sources) {
      const html = renderMarkdown(source);
      expect(html, source).not.toMatch(/javascript:/i);
      expect(html, source).not.toMatch(/data:/i);
    }
  });

  it("keeps malformed HTML inert and balanced", () => {
    const html = renderMarkdown(
      '<div><p>open <b>bold <iframe src="https://evil.example"></iframe><style>body{}</style><svg onload=alert(1)><math><mi xlink:href="javascript:x">x</mi></math><img src=x onerror=alert(1)//',
    );
    expect(html).not.toMatch(/<(iframe|style|svg|math|div|script)/i);
    expect(html).not.toMatch(/onerror|onload|javascript:/i);
    const opened = (html.match(/<p>/g) ?? []).length;
    const closed = (html.match(/<\/p>/g) ?? []).length;
    expect(opened).toBe(closed);
  });

  it("cannot break out of an attribute", () => {
    const html = renderMarkdown('[x](https://example.com/"onmouseover="alert(1))');
    expect(html).not.toMatch(/\sonmouseover=/i);
  });
});

describe("images in Markdown", () => {
  const base = "/uploads/images/0123456789abcdef0123456789abcdef";

  it("offers the smaller stored sizes of an uploaded image, with its size", () => {
    const imageSizes = new Map([[base, { width: 3200, height: 1800 }]]);
    const html = renderMarkdown(`![A chart](${base}-1600.webp)`, { imageSizes });
    expect(html).toContain(`src="${base}-1600.webp"`);
    expect(html).toContain(
      `srcset="${base}-480.webp 480w, ${base}-960.webp 960w, ${base}-1600.webp 1600w"`,
    );
    expect(html).toContain('sizes="(min-width: 48rem) 48rem, 100vw"');
    expect(html).toContain('width="1600"');
    expect(html).toContain('height="900"');
    expect(html).toContain('alt="A chart"');
  });

  it("leaves other images as they are, keeps mails plain and drops a srcset from the source", () => {
    expect(renderMarkdown("![x](https://example.com/a.png)")).not.toContain("srcset");
    expect(renderMarkdown(`![x](${base}-960.webp)`, { isResponsive: false })).not.toContain(
      "srcset",
    );
    const forged = renderMarkdown('<img src="/a.png" srcset="javascript:alert(1) 1x" sizes="1px">');
    expect(forged).not.toContain("srcset");
    expect(forged).not.toContain("sizes");
  });
});

describe("markdownToText and readingMinutes", () => {
  it("strips the markup", () => {
    expect(markdownToText("## Hi\n\nSome **bold** text")).toBe("Hi Some bold text");
  });

  it("counts at least a minute and about 220 words a minute", () => {
    expect(readingMinutes("short")).toBe(1);
    expect(readingMinutes(Array.from({ length: 1100 }, () => "word").join(" "))).toBe(5);
  });
});
