/**
 * An asset's fields as people read them (English; one place to translate): the console's form and asset page, /admin's
 * asset page, the printed certificate and the public certificate page (which names a few its own way).
 */
export const fieldsText = {
  fields: {
    /** Each category's fields by their keys; a field not listed here is named from its key. */
    labels: {
      artist: 'Artist',
      medium: 'Medium',
      dimensions: 'Dimensions',
      year: 'Year',
      date_text: 'Date as written',
      edition: 'Edition',
      category: 'Category',
      publisher: 'Publisher',
      set_name: 'Set name',
      item_number: 'Item number',
      subject: 'Subject',
      grader: 'Grader',
      grade: 'Grade',
      brand: 'Brand',
      model: 'Model',
      reference_number: 'Reference number',
      serial_number: 'Serial number',
      movement: 'Movement',
      case_material: 'Case material',
      case_diameter_mm: 'Case diameter',
      lab: 'Laboratory',
      report_number: 'Report number',
      stone: 'Stone',
      origin: 'Origin',
      shape: 'Shape',
      carat: 'Weight',
      color: 'Colour',
      clarity: 'Clarity',
      metal: 'Metal',
    } as Record<string, string>,
    /** The values of a field with a fixed choice (a jewel's origin), in words. */
    choices: { natural: 'Natural', lab_grown: 'Laboratory-grown' } as Record<string, string>,
  },
} as const;
