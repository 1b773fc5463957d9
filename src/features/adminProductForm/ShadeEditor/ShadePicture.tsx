import { IMAGE_UPLOAD_TYPES } from '~/src/domain/constants';
import { MESSAGES } from '~/src/domain/validation/messages';
import { Button } from '~/src/ui/Button/Button';
import * as fieldStyles from '~/src/ui/Field/Field.css';
import { ProductImage } from '~/src/ui/ProductImage/ProductImage';
import * as imageStyles from '../ImageField.css';

interface ShadePictureProps {
  id: string;
  /** The uploaded picture's URL; '' for the rendered one. */
  image: string;
  uploading: boolean;
  /** This shade's picture is the one just uploaded. */
  uploaded: boolean;
  /** Why this shade's last upload was refused. */
  uploadError: string | null;
  disabled: boolean;
  onFile(file: File): void;
  onRendered(): void;
}

/** A shade's picture: one uploaded as the product's is (the same server upload), or the one the shop renders in its colour. */
export function ShadePicture({ id, image, uploading, uploaded, uploadError, disabled, onFile, onRendered }: ShadePictureProps) {
  const statusId = `${id}-status`;
  const errorId = `${id}-error`;
  return (
    <div className={fieldStyles.field}>
      <span className={fieldStyles.label}>Picture</span>
      <div className={imageStyles.picker}>
        <label className={imageStyles.control}>
          <input
            id={id}
            className={imageStyles.input}
            type="file"
            accept={IMAGE_UPLOAD_TYPES}
            aria-describedby={[statusId, uploadError && errorId].filter(Boolean).join(' ')}
            aria-invalid={uploadError ? true : undefined}
            disabled={disabled || uploading}
            onChange={(event) => {
              const file = event.target.files?.[0];
              event.target.value = '';
              if (file) onFile(file);
            }}
          />
          <span className={imageStyles.chooser}>{image ? 'Change picture' : 'Upload picture'}</span>
        </label>
        {image && (
          <Button variant="ghost" disabled={disabled} onClick={onRendered}>
            Use rendered picture
          </Button>
        )}
      </div>
      <span id={statusId} role="status" className={fieldStyles.hint}>
        {uploading ? 'Uploading picture…' : !image ? 'Rendered in its colour' : uploaded ? MESSAGES.uploadSuccess : 'Uploaded picture'}
      </span>
      {uploadError && (
        <p id={errorId} role="alert" className={fieldStyles.error}>
          {uploadError}
        </p>
      )}
      {image && (
        <ProductImage key={image} className={imageStyles.preview} src={image} alt="Shade picture preview" width={120} height={120} />
      )}
    </div>
  );
}
