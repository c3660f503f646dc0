/** A planet field's name as people read it: "case_diameter_mm" → "Case diameter (mm)". */
export function fieldLabel(name: string): string {
  const words = name.replace(/_mm$/, ' (mm)').replace(/_/g, ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}
