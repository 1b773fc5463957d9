import { IMAGE_UPLOAD_TYPES } from '../../domain/constants';
import { MESSAGES } from '../../domain/validation/messages';
import * as fieldStyles from '../../ui/Field/Field.css';
import { ProductImage } from '../../ui/ProductImage/ProductImage';
import * as styles from './ProductForm.css';

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

/** 'Image': the file goes to the server's upload at once; then 'successful upload' and a 120 px preview. */
export function ImageField({ id, image, status, uploadError, error, disabled, onFile }: ImageFieldProps) {
  const hintId = `${id}-hint`;
  const messageId = `${id}-message`;
  const described = [hintId, (uploadError || error) && messageId].filter(Boolean).join(' ');
  return (
    <div className={fieldStyles.field}>
      <label className={fieldStyles.label} htmlFor={id}>
        Image
      </label>
      <input
        id={id}
        className={styles.file}
        type="file"
        accept={IMAGE_UPLOAD_TYPES}
        aria-invalid={uploadError || error ? true : undefined}
        aria-describedby={described}
        disabled={disabled || status === 'uploading'}
        onChange={(event) => {
          const file = event.target.files?.[0];
          // Emptied, so choosing the same file again (after a refusal) uploads it again.
          event.target.value = '';
          if (file) onFile(file);
        }}
      />
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
      {image && <ProductImage key={image} className={styles.preview} src={image} alt="Product image preview" width={120} height={120} loading="eager" />}
    </div>
  );
}
