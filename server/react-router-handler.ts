import {
  createReadableStreamFromReadable,
  writeReadableStreamToWritable,
} from "@react-router/node";
import type {
  Request as ExpressRequest,
  Response as ExpressResponse,
  RequestHandler,
} from "express";
import { type AppLoadContext, createRequestHandler, type ServerBuild } from "react-router";
import { isWholeBodyType } from "./compress-whole";
import { textChunksOf, writeTextChunks } from "./text-stream-response";
import { wholeBytesOf } from "./whole-response";

type Options = {
  build: ServerBuild | (() => Promise<ServerBuild>);
  mode: "development" | "production";
  getLoadContext: (request: ExpressRequest, response: ExpressResponse) => AppLoadContext;
};

/**
 * React Router behind Express (decision 738): what `@react-router/express` does, except that
 * a body that is whole by nature (a rendered page, a JSON answer) is written with one `end`
 * instead of being read chunk by chunk from its stream. A document is rendered completely
 * before React Router returns it (app/entry.server.tsx), so nothing waits longer for it; its
 * bytes come as they are, in a WholeResponse (decision 739). Text made piece by piece (a
 * large export) is written as strings, in a TextStreamResponse (decision 795).
 */
export function reactRouterHandler({ build, mode, getLoadContext }: Options): RequestHandler {
  const handle = createRequestHandler(build, mode);
  return async (request, response, next) => {
    try {
      const answer = await handle(
        toFetchRequest(request, response),
        getLoadContext(request, response),
      );
      await send(response, answer);
    } catch (error) {
      next(error);
    }
  };
}

/** The request as React Router reads it; its signal aborts when the client goes away. */
function toFetchRequest(request: ExpressRequest, response: ExpressResponse) {
  const headers = new Headers();
  for (const [name, value] of Object.entries(request.headers)) {
    if (value === undefined) continue;
    if (Array.isArray(value)) for (const item of value) headers.append(name, item);
    else headers.set(name, value);
  }
  let controller: AbortController | undefined = new AbortController();
  response.on("finish", () => {
    controller = undefined;
  });
  response.on("close", () => controller?.abort());
  const init: RequestInit & { duplex?: "half" } = {
    method: request.method,
    headers,
    signal: controller.signal,
  };
  if (request.method !== "GET" && request.method !== "HEAD") {
    init.body = createReadableStreamFromReadable(request);
    init.duplex = "half";
  }
  return new Request(`${request.protocol}://${hostOf(request)}${request.originalUrl}`, init);
}

/**
 * The host the browser asked for, by Express's rules (X-Forwarded-Host only behind a trusted
 * proxy), with its port: the same origin `@react-router/express` gives React Router.
 */
function hostOf(request: ExpressRequest) {
  const portOf = (host: string | undefined) => {
    const port = Number.parseInt(host?.split(":")[1] ?? "", 10);
    return Number.isSafeInteger(port) ? port : undefined;
  };
  const forwarded = request.app.enabled("trust proxy")
    ? portOf(request.get("X-Forwarded-Host"))
    : undefined;
  const port = forwarded ?? portOf(request.get("Host"));
  const name = request.hostname.split(/[\\/?#@]/)[0] || "localhost";
  return port === undefined ? name : `${name}:${port}`;
}

async function send(response: ExpressResponse, answer: Response) {
  if (response.destroyed || response.writableEnded) {
    await answer.body?.cancel();
    return;
  }
  response.statusMessage = answer.statusText;
  response.status(answer.status);
  for (const [name, value] of answer.headers) response.append(name, value);
  const type = answer.headers.get("Content-Type");
  const whole = wholeBytesOf(answer);
  const text = textChunksOf(answer);
  if (whole) {
    response.end(whole);
  } else if (text) {
    await writeTextChunks(text, response);
  } else if (!answer.body) {
    response.end();
  } else if (isWholeBodyType(type)) {
    response.end(Buffer.from(await answer.arrayBuffer()));
  } else {
    if (type && /text\/event-stream/i.test(type)) response.flushHeaders();
    await writeReadableStreamToWritable(answer.body, response).catch((error: unknown) => {
      if (!(response.destroyed || response.writableEnded)) throw error;
    });
  }
}
