import { useEffect, useRef } from 'react';
import { addedShade, canAddShade, changedShade, movedShade, removedShade, type ShadeDraft, type ShadeErrors } from '~/src/domain/shadeForm';
import { SHADE_MESSAGES } from '~/src/domain/shades';
import { Button } from '~/src/ui/Button/Button';
import { refusal as refusalStyle } from '../ProductForm.css';
import * as styles from './ShadeEditor.css';
import { ShadeRow, type ShadeRowProps } from './ShadeRow';

type Part = Parameters<ShadeRowProps['idOf']>[0];

export interface ShadeEditorProps {
  /** The base of every id in the editor: the server's refusal has it, a shade's field is `${id}-${key}-${part}` (shadeFieldId). */
  id: string;
  shades: ShadeDraft[];
  errors: ShadeErrors;
  /** The server's refusal of the shades, in the form's words. */
  refusal: string | undefined;
  /** The shade (by key) whose picture is uploading, the one whose picture was just uploaded, and the one whose last upload was refused, with why. */
  uploading: string | null;
  uploaded: string | null;
  uploadError: { key: string; message: string } | null;
  disabled: boolean;
  onChange(shades: ShadeDraft[]): void;
  onFile(key: string, file: File): void;
}

export const shadeFieldId = (id: string, key: string, part: Part) => `${id}-${key}-${part}`;

/**
 * The product's shades (DECISIONS.md 'Shades'): add, rename, recolour,
 * restock, give a picture, move up or down, remove. Each change hands the
 * whole list to `onChange`; focus follows the shade moved, goes to a new
 * shade's name, and to 'Add shade' after a removal.
 */
export function ShadeEditor({
  id,
  shades,
  errors,
  refusal,
  uploading,
  uploaded,
  uploadError,
  disabled,
  onChange,
  onFile,
}: ShadeEditorProps) {
  /** Where the focus goes once the change is shown: an element's id, or `otherwise` when that one is disabled then. */
  const focusNext = useRef<{ id: string; otherwise?: string } | null>(null);
  useEffect(() => {
    const next = focusNext.current;
    focusNext.current = null;
    if (!next) return;
    const element = document.getElementById(next.id) as HTMLButtonElement | null;
    // A shade moved to an end: its button that way is disabled now, so the other one takes the focus.
    (element?.disabled && next.otherwise ? document.getElementById(next.otherwise) : element)?.focus();
  }, [shades]);
  const addId = `${id}-add`;
  const change = (next: ShadeDraft[], focus: { id: string; otherwise?: string }) => {
    focusNext.current = focus;
    onChange(next);
  };

  return (
    <fieldset className={styles.editor} disabled={disabled} aria-describedby={`${id}-note`}>
      <legend className={styles.legend}>Shades</legend>
      <p id={`${id}-note`} className={styles.note}>
        {shades.length === 0
          ? 'No shades: the product is sold as one item with its own stock.'
          : `${shades.length} ${shades.length === 1 ? 'shade' : 'shades'}, each sold on its own; the product's stock is their sum.`}
      </p>
      {shades.length > 0 && (
        <ol className={styles.list}>
          {shades.map((shade, index) => {
            const idOf = (part: Part) => shadeFieldId(id, shade.key, part);
            return (
              <ShadeRow
                key={shade.key}
                idOf={idOf}
                shade={shade}
                position={index + 1}
                count={shades.length}
                errors={errors.fields[shade.key] ?? {}}
                uploading={uploading === shade.key}
                uploaded={uploaded === shade.key}
                uploadError={uploadError?.key === shade.key ? uploadError.message : null}
                disabled={disabled}
                onChange={(values) => onChange(changedShade(shades, shade.key, values))}
                onMove={(by) =>
                  change(movedShade(shades, index, by), { id: idOf(by === -1 ? 'up' : 'down'), otherwise: idOf(by === -1 ? 'down' : 'up') })
                }
                onRemove={() => change(removedShade(shades, shade.key), { id: addId })}
                onFile={(file) => onFile(shade.key, file)}
              />
            );
          })}
        </ol>
      )}
      {errors.list && (
        <p role="alert" className={refusalStyle}>
          {errors.list}
        </p>
      )}
      {refusal && (
        <p id={id} role="alert" tabIndex={-1} className={refusalStyle}>
          {refusal}
        </p>
      )}
      <div>
        <Button
          id={addId}
          variant="secondary"
          disabled={disabled || !canAddShade(shades)}
          onClick={() => {
            let number = shades.length + 1;
            while (shades.some((shade) => shade.key === `new-${number}`)) number++;
            const key = `new-${number}`;
            change(addedShade(shades, key), { id: shadeFieldId(id, key, 'name') });
          }}
        >
          Add shade
        </Button>
      </div>
      {!canAddShade(shades) && <p className={styles.note}>{SHADE_MESSAGES.tooMany}</p>}
    </fieldset>
  );
}
