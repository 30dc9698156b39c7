import { SelectField, type SelectOption } from './SelectField.tsx';

/** A list's filter of one kind: its "all" option is no value, so all of it. */
export function FilterSelect<Value extends string>({
  label,
  name,
  value,
  options,
  onChange,
}: {
  label: string;
  name: string;
  value: Value | undefined;
  options: readonly SelectOption<Value | 'all'>[];
  onChange: (value: Value | undefined) => void;
}) {
  return (
    <SelectField<Value | 'all'>
      label={label}
      name={name}
      value={value ?? 'all'}
      options={options}
      onValueChange={(choice) => onChange(choice === 'all' ? undefined : choice)}
    />
  );
}
