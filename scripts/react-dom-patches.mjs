// A change to React DOM's server renderer (its Node production build), made when
// `npm run build` copies React DOM into build/node_modules (decision 728). It keeps the
// rendered bytes exactly and removes work the server repeats for every tag of every page.
//
// React writes a page as thousands of small chunks: each tag, attribute and text, and the
// fixed pieces (`<div`, ` class="`) it encodes to bytes once at load. Each chunk is copied
// into a 4 KB byte buffer on its own: a `subarray` and a `TextEncoder.encodeInto` call per
// string, a `set` per fixed piece. In a profile of signed-in renders that copying
// (`writeChunk`) is 14% of the server's CPU. Changed: the fixed pieces stay strings, and
// strings are joined and handed to the destination as one string per 16 K characters (or
// when React completes a write), which Node encodes once. Byte chunks (which React's own
// code no longer makes, but its API accepts) go the published way, after the text before them.
//
// Each change names the code it replaces (scripts/source-patches.mjs): if it is not there
// exactly once (a new React DOM), the build stops and says which change no longer applies.

import { applySourcePatches } from "./source-patches.mjs";

/** The React DOM version this change was written against (package.json pins it). */
export const PATCHED_REACT_DOM_VERSION = "19.3.1";

/** The file changed, under react-dom/. */
export const PATCHED_REACT_DOM_FILE = "cjs/react-dom-server.node.production.js";

export const reactDomServerPatches = [
  {
    name: "fixed pieces of markup kept as strings",
    find: `function stringToPrecomputedChunk(content) {
  return textEncoder.encode(content);
}`,
    replace: `function stringToPrecomputedChunk(content) {
  return content;
}`,
  },
  {
    name: "strings joined, then written once",
    find: `function writeChunk(destination, chunk) {
  if ("string" === typeof chunk) {
    if (0 !== chunk.length)
      if (4096 < 3 * chunk.length)
        0 < writtenBytes &&
          (writeToDestination(
            destination,
            currentView.subarray(0, writtenBytes)
          ),
          (currentView = new Uint8Array(4096)),
          (writtenBytes = 0)),
          writeToDestination(destination, chunk);
      else {
        var target = currentView;
        0 < writtenBytes && (target = currentView.subarray(writtenBytes));
        target = textEncoder.encodeInto(chunk, target);
        var read = target.read;
        writtenBytes += target.written;
        read < chunk.length &&
          (writeToDestination(
            destination,
            currentView.subarray(0, writtenBytes)
          ),
          (currentView = new Uint8Array(4096)),
          (writtenBytes = textEncoder.encodeInto(
            chunk.slice(read),
            currentView
          ).written));
        4096 === writtenBytes &&
          (writeToDestination(destination, currentView),
          (currentView = new Uint8Array(4096)),
          (writtenBytes = 0));
      }
  } else if (0 === chunk.byteLength) {`,
    replace: `var frontierText = "";
function frontierWriteText(destination) {
  if (0 !== frontierText.length) {
    var text = frontierText;
    frontierText = "";
    writeToDestination(destination, text);
  }
}
function writeChunk(destination, chunk) {
  if ("string" === typeof chunk) {
    0 < writtenBytes &&
      (writeToDestination(destination, currentView.subarray(0, writtenBytes)),
      (currentView = new Uint8Array(4096)),
      (writtenBytes = 0));
    frontierText += chunk;
    16384 <= frontierText.length && frontierWriteText(destination);
    return;
  }
  frontierWriteText(destination);
  if (0 === chunk.byteLength) {`,
  },
  {
    name: "joined strings written when React completes a write",
    find: `function completeWriting(destination) {
`,
    replace: `function completeWriting(destination) {
  frontierWriteText(destination);
`,
  },
];

/** Applies the changes to the renderer's source; throws when a change's code is not found exactly once. */
export function patchReactDomServer(source) {
  const { [PATCHED_REACT_DOM_FILE]: changed } = applySourcePatches(
    { [PATCHED_REACT_DOM_FILE]: source },
    reactDomServerPatches,
    {
      packageName: "React DOM",
      version: PATCHED_REACT_DOM_VERSION,
      script: "scripts/react-dom-patches.mjs",
    },
  );
  return `${changed}\n// Changed by scripts/react-dom-patches.mjs (decision 728).\n`;
}
