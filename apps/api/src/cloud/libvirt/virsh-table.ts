/**
 * The rows of a table virsh prints for people (`list --all`, `vol-list`, `domblklist --details`,
 * `domiflist`): the lines under the dashed rule, split on runs of spaces. The portal names what it
 * makes by ids, so no cell it looks for holds a space.
 */
export function tableRows(output: string): string[][] {
  const lines = output.split('\n');
  const rule = lines.findIndex((line) => /^-{3,}\s*$/.test(line.trim()));
  return lines
    .slice(rule + 1)
    .map((line) => line.trim())
    .filter((line) => line !== '')
    .map((line) => line.split(/\s+/));
}
