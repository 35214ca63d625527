import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { VideoEmbed } from "./video-embed";

describe("VideoEmbed", () => {
  it("renders a labelled play button and loads nothing from YouTube until pressed", () => {
    const html = renderToString(
      <VideoEmbed videoId="abc123" title="Shipping on Fridays" thumbnailUrl={null} />,
    );
    expect(html).not.toContain("<iframe");
    expect(html).not.toContain("youtube.com/embed");
    expect(html).toContain("<button");
    expect(html).toContain("Play video: <!-- -->Shipping on Fridays");
  });
});
