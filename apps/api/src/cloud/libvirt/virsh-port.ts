/**
 * How the driver talks to libvirt: `virsh` with arguments, standard input when given (`define
 * /dev/stdin`), its standard output back; a refusal rejects with virsh's words. `virsh.ts`
 * (createVirsh) is the one that runs the program; tests hand in a fake.
 */
export interface Virsh {
  run(args: string[], options?: { input?: string }): Promise<string>;
}

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

/** virsh's words for an object that is not there (a domain, a volume, a pool, a network). */
export const isMissing = (error: unknown) =>
  /failed to get (domain|vol|pool|network)|no (domain|storage vol|storage pool|network) with matching|not found/i.test(
    messageOf(error),
  );

export { messageOf };
