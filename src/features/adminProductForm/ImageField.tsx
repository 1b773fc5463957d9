import { useState } from 'react';
import { IMAGE_UPLOAD_TYPES } from '~/src/domain/constants';
import { MESSAGES } from '~/src/domain/validation/messages';
import * as fieldStyles from '~/src/ui/Field/Field.css';
import { ProductImage } from '~/src/ui/ProductImage/ProductImage';
import * as styles from './ImageField.css';

/** One file of the spec's five types (spec section 5, 'Image upload'); the server tells them by their content. */

export type UploadStatus = 'idle' | 'uploading' | 'uploaded' | 'refused';

interface ImageFieldProps {
  id: string;
  /** The image's URL, '' before one is uploaded. */
  image: string;
  status: UploadStatus;
  /** The server's refusal of the last file. */
  uploadError: string | null;
  error: string | undefined;
  disabled: boolean;
  onFile(file: File): void;
}

/** The last part of an image's address: '/uploads/3f2a.webp' is '3f2a.webp'. */
const fileNameOf = (image: string) => decodeURIComponent(image.slice(image.lastIndexOf('/') + 1));

/**
 * 'Image': a button in the shop's look opens the file chooser; the file goes
 * to the server's upload at once; then 'successful upload', the file's name
 * and a 120 px preview. Before a new upload it names the current image. The
 * button's text is the file input's label (its name, so a voice command
 * saying it finds it); the field is a group named 'Image'.
 */
export function ImageField({ id, image, status, uploadError, error, disabled, onFile }: ImageFieldProps) {
  const [chosen, setChosen] = useState('');
  const labelId = `${id}-label`;
  const hintId = `${id}-hint`;
  const nameId = `${id}-name`;
  const messageId = `${id}-message`;
  const described = [nameId, hintId, (uploadError || error) && messageId].filter(Boolean).join(' ');
  const fileName = status === 'uploading' || (status === 'uploaded' && image) ? chosen : image && fileNameOf(image);
  return (
    <div className={fieldStyles.field} role="group" aria-labelledby={labelId}>
      <span id={labelId} className={fieldStyles.label}>
        Image
      </span>
      <div className={styles.picker}>
        <label className={styles.control}>
          <input
            id={id}
            className={styles.input}
            type="file"
            accept={IMAGE_UPLOAD_TYPES}
            aria-invalid={uploadError || error ? true : undefined}
            aria-describedby={described}
            disabled={disabled || status === 'uploading'}
            onChange={(event) => {
              const file = event.target.files?.[0];
              // Emptied, so choosing the same file again (after a refusal) uploads it again.
              event.target.value = '';
              if (!file) return;
              setChosen(file.name);
              onFile(file);
            }}
          />
          <span className={styles.chooser}>{image ? 'Change image' : 'Choose image'}</span>
        </label>
        <span id={nameId} className={fileName ? styles.fileName : styles.noFile}>
          {fileName || 'No image chosen'}
        </span>
      </div>
      <p id={hintId} className={fieldStyles.hint}>
        One PNG, JPEG, JPG, JFIF or TIFF file.
      </p>
      <div role="status" className={styles.uploadStatus} data-status={status}>
        {status === 'uploading' ? 'Uploading image…' : status === 'uploaded' ? MESSAGES.uploadSuccess : ''}
      </div>
      {(uploadError || error) && (
        <p id={messageId} className={fieldStyles.error} role={uploadError ? 'alert' : undefined}>
          {uploadError ?? error}
        </p>
      )}
      {image && (
        <ProductImage
          key={image}
          className={styles.preview}
          src={image}
          alt="Product image preview"
          width={120}
          height={120}
          loading="eager"
        />
      )}
    </div>
  );
}
