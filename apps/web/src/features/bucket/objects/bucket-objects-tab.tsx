import type { Bucket } from '@portal/shared';

/** The bucket's objects tab (being built: the objects helper replaces this file). */
export function BucketObjectsTab({ bucket }: { bucket: Bucket }) {
  return <div data-testid="bucket-objects">{bucket.name}</div>;
}
