/** Types of scripts/react-dom-patches.mjs (the build script is plain JavaScript). */
export declare const PATCHED_REACT_DOM_VERSION: string;
export declare const PATCHED_REACT_DOM_FILE: string;
export declare const reactDomServerPatches: Array<{ name: string; find: string; replace: string }>;
export declare function patchReactDomServer(source: string): string;
