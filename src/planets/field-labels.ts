/** Fields whose name does not read as words by itself. */
const OWN_LABELS: Readonly<Record<string, string>> = { date_text: 'Date as written' };

/** A planet field's name as people read it: "case_diameter_mm" → "Case diameter (mm)", "date_text" → "Date as written". */
export function fieldLabel(name: string): string {
  const own = OWN_LABELS[name];
  if (own) return own;
  const words = name.replace(/_mm$/, ' (mm)').replace(/_/g, ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}
