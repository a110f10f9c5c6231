/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** Comma-separated host[:port] list of object-storage servers whose failures are not API failures. */
  readonly VITE_OBJECT_STORAGE_HOSTS?: string;
}
