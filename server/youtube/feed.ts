import { XMLParser } from "fast-xml-parser";

export const DEFAULT_FEED_URL = "https://www.youtube.com/feeds/videos.xml";

export type FeedVideo = {
  videoId: string;
  title: string;
  description: string;
  thumbnailUrl: string | null;
  publishedAt: Date;
  updatedAt: Date | null;
};

export type ChannelFeed = { title: string | null; videos: FeedVideo[] };

export type FeedFailure = "unreachable" | "unknown-channel" | "http" | "not-a-feed";

/** Why a channel's feed could not be read, in words staff can act on. */
export class FeedError extends Error {
  readonly kind: FeedFailure;
  constructor(kind: FeedFailure, message: string) {
    super(message);
    this.name = "FeedError";
    this.kind = kind;
  }
}

export function feedUrlFor(baseUrl: string | undefined, channelId: string) {
  const url = new URL(baseUrl ?? DEFAULT_FEED_URL);
  url.searchParams.set("channel_id", channelId);
  return url.toString();
}

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: "@",
  isArray: (name) => name === "entry",
  processEntities: true,
  htmlEntities: true,
});

function text(value: unknown): string {
  if (value === undefined || value === null) return "";
  if (typeof value === "object") return text((value as Record<string, unknown>)["#text"]);
  return String(value).trim();
}

function date(value: unknown) {
  const parsed = new Date(text(value));
  return Number.isNaN(parsed.getTime()) ? null : parsed;
}

/** Reads an Atom document of a channel's uploads; anything else is "not a feed". */
export function parseChannelFeed(xml: string): ChannelFeed {
  let document: Record<string, unknown>;
  try {
    document = parser.parse(xml) as Record<string, unknown>;
  } catch {
    throw new FeedError(
      "not-a-feed",
      "The address answered, but not with a feed (the XML is damaged).",
    );
  }
  const feed = document?.feed as Record<string, unknown> | undefined;
  if (!feed || typeof feed !== "object")
    throw new FeedError("not-a-feed", "The address answered, but not with a YouTube channel feed.");
  const entries = (feed.entry as Array<Record<string, unknown>> | undefined) ?? [];
  const videos: FeedVideo[] = [];
  for (const entry of entries) {
    const videoId = text(entry["yt:videoId"]);
    const publishedAt = date(entry.published);
    if (!videoId || !publishedAt) continue;
    const group = (entry["media:group"] ?? {}) as Record<string, unknown>;
    const thumbnail = group["media:thumbnail"] as Record<string, unknown> | undefined;
    videos.push({
      videoId,
      title: (text(entry.title) || text(group["media:title"]) || videoId).slice(0, 200),
      description: text(group["media:description"]).slice(0, 20_000),
      thumbnailUrl: thumbnail ? text(thumbnail["@url"]) || null : null,
      publishedAt,
      updatedAt: date(entry.updated),
    });
  }
  return { title: text(feed.title) || null, videos };
}

/** Fetches and reads one channel's feed; every way it can fail becomes a FeedError. */
export async function fetchChannelFeed({
  baseUrl,
  channelId,
  timeoutMs = 10_000,
}: {
  baseUrl?: string;
  channelId: string;
  timeoutMs?: number;
}): Promise<ChannelFeed> {
  const url = feedUrlFor(baseUrl, channelId);
  let response: Response;
  try {
    response = await fetch(url, {
      headers: { Accept: "application/atom+xml, application/xml;q=0.9" },
      signal: AbortSignal.timeout(timeoutMs),
      redirect: "follow",
    });
  } catch (error) {
    const cause = (error as { cause?: { code?: string } }).cause?.code;
    const reason =
      (error as Error).name === "TimeoutError"
        ? `no answer within ${Math.round(timeoutMs / 1000)} seconds`
        : (cause ?? (error as Error).message);
    throw new FeedError(
      "unreachable",
      `Could not reach the feed (${reason}). The last good data is kept.`,
    );
  }
  if (response.status === 404)
    throw new FeedError(
      "unknown-channel",
      `YouTube knows no channel ${channelId} (the feed answered 404). Check the channel id.`,
    );
  if (!response.ok)
    throw new FeedError(
      "http",
      `The feed answered HTTP ${response.status}. The last good data is kept.`,
    );
  const body = await response.text();
  return parseChannelFeed(body);
}
