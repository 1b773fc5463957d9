export interface UploadedFile {
  bytes: Uint8Array;
  filename: string;
}

export interface ImageStore {
  /** Stores an image whose type is already checked; answers its URL. */
  save(file: UploadedFile, type: 'png' | 'jpeg' | 'tiff'): Promise<string>;
}
