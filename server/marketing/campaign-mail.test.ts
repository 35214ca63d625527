import { expect, it } from "vitest";
import { absolutize } from "./campaign-mail";

it("puts the public address into links as written, $ patterns included", () => {
  const html = '<a href="/insights/a">A</a><img src="/uploads/images/b.webp">';
  expect(absolutize(html, "https://frontier.test/$&$1$'")).toBe(
    '<a href="https://frontier.test/$&$1$\'/insights/a">A</a><img src="https://frontier.test/$&$1$\'/uploads/images/b.webp">',
  );
});
