import { Search } from 'lucide-react';
import { visuallyHidden } from '@/styles/layout.css.ts';

/** The page's own look for its search box: the wrapper, the magnifier and the input. */
export interface SearchBoxClasses {
  searchWrap: string;
  searchIcon: string;
  searchInput: string;
}

/** A page's search landmark: a labelled search input with a magnifier, filtering as it is typed. */
export function SearchBox({
  id,
  label,
  placeholder,
  value,
  onChange,
  iconSize,
  classes,
}: {
  id: string;
  /** The input's accessible name; visually hidden, the placeholder says it on screen. */
  label: string;
  placeholder: string;
  value: string;
  onChange: (value: string) => void;
  iconSize: number;
  classes: SearchBoxClasses;
}) {
  return (
    <search className={classes.searchWrap}>
      <label htmlFor={id} className={visuallyHidden}>
        {label}
      </label>
      <Search size={iconSize} aria-hidden="true" className={classes.searchIcon} />
      <input
        id={id}
        type="search"
        className={classes.searchInput}
        placeholder={placeholder}
        value={value}
        autoComplete="off"
        onChange={(event) => onChange(event.target.value)}
      />
    </search>
  );
}
