/** Words with their `{placeholders}` filled from `values`; a placeholder without a value stays as written. */
export function fill(template: string, values: Record<string, string | number | undefined>): string {
  return template.replace(/\{(\w+)\}/g, (whole, key: string) => (values[key] === undefined ? whole : String(values[key])));
}
