/** The intersection of a union: every area's keys in one type. */
type Merged<U> = (U extends unknown ? (area: U) => void : never) extends (area: infer I) => void ? I : never;

/**
 * A catalog part's messages: its areas merged, keyed as the areas are (../catalog.unit.test.ts checks
 * that no key is in two areas, so the order does not matter).
 */
export function mergeAreas<T extends Record<string, Record<string, string>>>(areas: T): Merged<T[keyof T]> {
  return Object.assign({}, ...Object.values(areas));
}
