import { createContext, lazy } from "react";
import type { PageBlocks } from "./page-blocks";

/**
 * How a page's blocks are drawn (decision 532). The server's entry gives the block components
 * themselves: a page and its static parts render at once. In the browser the components load
 * only when React has to draw blocks (a client-side navigation, the form of a landing page),
 * never with Home's first load: a static part the server drew is kept, not drawn again.
 */
export const PageBlocksRendering = createContext<typeof PageBlocks | null>(null);

export const LazyPageBlocks = lazy(() =>
  import("./page-blocks").then((module) => ({ default: module.PageBlocks })),
);
