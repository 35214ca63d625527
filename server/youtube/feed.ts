import { XMLParser } from "fast-xml-parser";
import { FetchFailedError, type SafeResponse, safeFetch } from "#server/net/safe-fetch.ts";

export const DEFAULT_FEED_URL = "https://www.youtube.com/feeds/videos.xml";
/** A channel feed lists 15 videos: a few hundred KB at most. */
const MAX_FEED_BYTES = 5 * 1024 * 1024;

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
  let response: SafeResponse;
  try {
    // The operator's YOUTUBE_FEED_URL is trusted as configured; youtube.com, and wherever
    // it redirects, must be public.
    response = await safeFetch(url, {
      headers: { Accept: "application/atom+xml, application/xml;q=0.9" },
      timeoutMs,
      maxBytes: MAX_FEED_BYTES,
      isGuarded: !baseUrl,
    });
  } catch (error) {
    const reason =
      error instanceof FetchFailedError && error.reason === "timeout"
        ? `no answer within ${Math.round(timeoutMs / 1000)} seconds`
        : error instanceof FetchFailedError
          ? error.detail
          : (error as Error).message.replace(/\.$/, "");
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
  if (response.status < 200 || response.status >= 300)
    throw new FeedError(
      "http",
      `The feed answered HTTP ${response.status}. The last good data is kept.`,
    );
  const body = response.body.toString("utf8");
  return parseChannelFeed(body);
}
