/**
 * A page chunk that failed to download, usually because a new release replaced the files the open
 * tab still points at, or the network dropped. Browsers word it differently.
 */
const CHUNK_ERROR_PATTERNS = [
  /Loading chunk [\w-]+ failed/i,
  /Loading CSS chunk/i,
  /Failed to fetch dynamically imported module/i,
  /error loading dynamically imported module/i,
  /Importing a module script failed/i,
  /Unable to preload CSS/i,
];

export function isChunkLoadError(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  return (
    error.name === 'ChunkLoadError' || CHUNK_ERROR_PATTERNS.some((pattern) => pattern.test(error.message))
  );
}
