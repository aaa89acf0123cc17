/** A private object: its bytes and the media type it was stored with. */
export interface StoredObject {
  body: Buffer;
  contentType: string;
}

/**
 * The object-store interface (ARCHITECTURE "Object storage"). Objects are private: nothing here
 * makes a public URL; the API reads them back for callers it has authorised.
 */
export interface ObjectStore {
  put(key: string, body: Buffer, contentType: string): Promise<void>;
  /** The object, or null when there is none under the key. */
  get(key: string): Promise<StoredObject | null>;
  delete(key: string): Promise<void>;
  close(): Promise<void>;
}
