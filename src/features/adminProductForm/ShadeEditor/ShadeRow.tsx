import { isShadeHex, type ShadeDraft } from '~/src/domain/shadeForm';
import type { ShadeField } from '~/src/domain/shades';
import { Button } from '~/src/ui/Button/Button';
import { Field } from '~/src/ui/Field/Field';
import * as styles from './ShadeEditor.css';
import { ShadePicture } from './ShadePicture';

export interface ShadeRowProps {
  /** The id of the shade's field: its name, hex and stock inputs, its picture, its buttons ('up', 'down', 'remove'). */
  idOf(part: ShadeField | 'picture' | 'up' | 'down' | 'remove'): string;
  shade: ShadeDraft;
  position: number;
  count: number;
  errors: Partial<Record<ShadeField, string>>;
  uploading: boolean;
  uploaded: boolean;
  uploadError: string | null;
  disabled: boolean;
  onChange(change: Partial<Omit<ShadeDraft, 'key' | 'id'>>): void;
  onMove(by: -1 | 1): void;
  onRemove(): void;
  onFile(file: File): void;
}

/** One shade in the editor: its name, its colour (a picker and its hex kept in step), its stock, its picture, and its buttons. */
export function ShadeRow({
  idOf,
  shade,
  position,
  count,
  errors,
  uploading,
  uploaded,
  uploadError,
  disabled,
  onChange,
  onMove,
  onRemove,
  onFile,
}: ShadeRowProps) {
  const titleId = `${idOf('name')}-title`;
  // Each button names its shade, after its visible text, so a list of buttons tells the shades apart.
  const named = shade.name.trim() || `Shade ${position}`;
  return (
    <li>
      <div className={styles.shade} role="group" aria-labelledby={titleId}>
        <h2 id={titleId} className={styles.shadeTitle}>
          Shade {position}
          {shade.name.trim() && `: ${shade.name.trim()}`}
        </h2>
        <Field
          id={idOf('name')}
          label="Shade name"
          value={shade.name}
          error={errors.name}
          autoComplete="off"
          onChange={(e) => onChange({ name: e.target.value })}
        />
        <div className={styles.colour}>
          <input
            type="color"
            className={styles.picker}
            aria-label={`Colour picker of ${named}`}
            value={isShadeHex(shade.hex) ? shade.hex : '#000000'}
            disabled={disabled}
            onChange={(e) => onChange({ hex: e.target.value })}
          />
          <Field
            id={idOf('hex')}
            label="Colour (hex)"
            value={shade.hex}
            error={errors.hex}
            autoComplete="off"
            spellCheck={false}
            onChange={(e) => onChange({ hex: e.target.value })}
          />
        </div>
        <Field
          id={idOf('stock')}
          label="Shade stock"
          inputMode="numeric"
          value={shade.stock}
          error={errors.stock}
          autoComplete="off"
          onChange={(e) => onChange({ stock: e.target.value })}
        />
        <div className={styles.wide}>
          <ShadePicture
            id={idOf('picture')}
            image={shade.image}
            uploading={uploading}
            uploaded={uploaded}
            uploadError={uploadError}
            disabled={disabled}
            onFile={onFile}
            onRendered={() => onChange({ image: '' })}
          />
        </div>
        <div className={styles.actions}>
          <Button
            id={idOf('up')}
            variant="secondary"
            aria-label={`Move up ${named}`}
            disabled={disabled || position === 1}
            onClick={() => onMove(-1)}
          >
            Move up
          </Button>
          <Button
            id={idOf('down')}
            variant="secondary"
            aria-label={`Move down ${named}`}
            disabled={disabled || position === count}
            onClick={() => onMove(1)}
          >
            Move down
          </Button>
          <Button id={idOf('remove')} variant="ghost" aria-label={`Remove ${named}`} disabled={disabled} onClick={onRemove}>
            Remove
          </Button>
        </div>
      </div>
    </li>
  );
}
