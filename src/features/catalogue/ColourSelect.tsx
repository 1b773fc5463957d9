import { COLOUR_GROUPS, type ColourFamily } from '~/src/domain/colourFamily';
import * as styles from './CataloguePage.css';

type Chosen = ColourFamily | 'all';

/**
 * The catalogue's Colour filter: each family some product left by the other
 * filters has, with how many, grouped into colours, skin tones and
 * undertones; the chosen family stays listed when none is left.
 */
export function ColourSelect({
  value,
  facets,
  onChange,
}: {
  value: Chosen;
  facets: readonly { value: string; count: number }[];
  onChange(value: Chosen): void;
}) {
  const counts = new Map(facets.map((facet) => [facet.value, facet.count]));
  const countOf = (family: ColourFamily) => counts.get(family) ?? 0;
  return (
    <label className={styles.label}>
      Colour
      <select className={styles.select} value={value} onChange={(e) => onChange(e.target.value as Chosen)}>
        <option value="all">All colours</option>
        {COLOUR_GROUPS.map(({ label, families }) => {
          const listed = families.filter((family) => family === value || countOf(family) > 0);
          return (
            listed.length > 0 && (
              <optgroup key={label} label={label}>
                {listed.map((family) => (
                  <option key={family} value={family}>
                    {family} ({countOf(family)})
                  </option>
                ))}
              </optgroup>
            )
          );
        })}
      </select>
    </label>
  );
}
