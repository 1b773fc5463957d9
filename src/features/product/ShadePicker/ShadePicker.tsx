import type { Shade } from '~/src/domain/shadeChoice';
import { Swatch } from '~/src/ui/Swatch/Swatch';
import { visuallyHidden } from '~/src/ui/theme/visuallyHidden.css';
import * as styles from './ShadePicker.css';

export interface ShadePickerProps {
  shades: readonly Shade[];
  chosen: Shade;
  onChoose(shade: Shade): void;
}

const soldOutNote = (shade: Shade) => (shade.stock > 0 ? '' : ', sold out');

/** A product's shades as a radio group of swatches (arrows move between them), the chosen one named; a sold-out shade struck through and still choosable. */
export function ShadePicker({ shades, chosen, onChoose }: ShadePickerProps) {
  return (
    <fieldset className={styles.picker}>
      <legend className={styles.legend}>{`Shade: ${chosen.name}`}</legend>
      <div className={styles.swatches}>
        {shades.map((shade) => (
          <label key={shade.id} className={styles.option} title={shade.name + soldOutNote(shade)}>
            <input
              type="radio"
              name="shade"
              className={styles.input}
              value={shade.id}
              checked={shade.id === chosen.id}
              onChange={() => onChoose(shade)}
            />
            <Swatch hex={shade.hex} size="lg" soldOut={shade.stock === 0} className={styles.swatch} />
            <span className={visuallyHidden}>{shade.name + soldOutNote(shade)}</span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}
