// What the build's changes to a package's published code share (decisions 722 and 728): a
// change names the exact code it replaces, and if that code is not found exactly once (a new
// version of the package), the build stops and says which change no longer applies, rather
// than shipping a build without it.

/**
 * Applies `patches` ({ name, find, replace, append? }) to `files` (file name to source) and
 * returns the changed sources; `append` is added to the end of the file that held `find`.
 * Throws when a change's code is not found exactly once, naming the change, the package and
 * the version the changes were written against.
 */
export function applySourcePatches(files, patches, { packageName, version, script }) {
  const result = { ...files };
  for (const patch of patches) {
    const holders = Object.keys(result).filter((name) => result[name].includes(patch.find));
    const count = holders.reduce((sum, name) => sum + result[name].split(patch.find).length - 1, 0);
    if (count !== 1)
      throw new Error(
        `${packageName} change "${patch.name}" found its code ${count} times (expected once): ${packageName} is not ${version}; update ${script}`,
      );
    const [name] = holders;
    const changed = result[name].replace(patch.find, () => patch.replace);
    result[name] = patch.append === undefined ? changed : `${changed}\n${patch.append}`;
  }
  return result;
}
