/** Types of scripts/react-router-patches.mjs (the build script is plain JavaScript). */
export declare const PATCHED_REACT_ROUTER_VERSION: string;
export declare const reactRouterPatches: Array<{
  name: string;
  find: string;
  replace: string;
  append: string;
}>;
export declare function patchReactRouter(files: Record<string, string>): Record<string, string>;
export declare const developmentWarningsOff: { name: string; find: string; replace: string };
export declare const reactRouterBrowserPatches: Array<{
  name: string;
  find: string;
  replace: string;
  append?: string;
}>;
export declare function isPatchedBrowserModule(source: string): boolean;
export declare function patchReactRouterForBrowser(source: string): string;
