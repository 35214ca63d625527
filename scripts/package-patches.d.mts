/** Types of scripts/package-patches.mjs (the build's scripts are plain JavaScript). */
export type Hunk = { before: string; after: string };
export type FilePatch = { file: string; hunks: Hunk[] };
export type PackagePatch = {
  name: string;
  packageName: string;
  version: string;
  files: FilePatch[];
};
export declare function readPackagePatches(root: string): PackagePatch[];
export declare function parsePackagePatch(name: string, text: string): PackagePatch;
export declare function isPatched(source: string, filePatch: FilePatch): boolean;
export declare function unpatch(source: string, filePatch: FilePatch): string;
export declare function patch(source: string, filePatch: FilePatch): string;
export declare function installedVersion(root: string, packageName: string): string;
export declare function assertPackagePatchesApplied(root: string): void;
