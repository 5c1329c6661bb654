import styles from './edit-panel.module.css';

interface Props<V extends string | number> {
  legend: string;
  /** The radio group's name, unique on the page. */
  name: string;
  values: readonly V[];
  chosen: V;
  label: (value: V) => string;
  onChoose: (value: V) => void;
  testId?: (value: V) => string;
}

/** One setting of an edit as a radio group drawn as pills: the shape, the fill, the speed, the transition, the length. */
export function EditChoice<V extends string | number>({ legend, name, values, chosen, label, onChoose, testId }: Props<V>) {
  return (
    <fieldset className={styles.options}>
      <legend>{legend}</legend>
      {values.map((value) => (
        <label key={value} className={styles.option} data-checked={chosen === value || undefined}>
          <input type="radio" name={name} checked={chosen === value} onChange={() => onChoose(value)} data-testid={testId?.(value)} />
          {label(value)}
        </label>
      ))}
    </fieldset>
  );
}
