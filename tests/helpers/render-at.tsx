import type { ReactNode } from "react";
import { renderToString } from "react-dom/server";
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from "react-router";

/** What the one route of the test router draws, set by renderAt. */
let drawn: () => ReactNode = () => null;
function Page() {
  return <>{drawn()}</>;
}

/** The HTML `content` renders to at `address`, inside a router (links need one). */
export async function renderAt(address: string, content: () => ReactNode) {
  drawn = content;
  const handler = createStaticHandler([{ path: "*", Component: Page }]);
  const context = await handler.query(new Request(`http://frontier.test${address}`));
  if (context instanceof Response) throw new Error("no render");
  const router = createStaticRouter(handler.dataRoutes, context);
  return renderToString(<StaticRouterProvider router={router} context={context} hydrate={false} />);
}
