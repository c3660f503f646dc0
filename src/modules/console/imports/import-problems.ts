import { errorCatalogue, type ErrorCode } from '../../../errors/error-catalogue.js';
import type { PlanetId } from '../../../planets/planets.js';
import type { ImportProblem } from '../../inventory/imports.service.js';
import { fieldName } from '../../web-pages/category-name.js';
import { pageErrorMessage } from '../../web-pages/error-pages/page-error-message.js';
import { planetFields, type FieldProblem } from '../assets/asset-form.js';
import { errorSentence } from '../assets/asset-form.views.js';
import { text } from '../text/index.js';

const words = text.imports;

/** A field as the pages label it: the title and inventory number as the asset form does, a planet field by its label. */
export function importFieldLabel(field: string): string {
  if (field === 'title') return text.assets.titleField;
  if (field === 'inventory_number') return text.assets.inventoryNumberField;
  return fieldName(field);
}

/** The schema validator's rule (its keyword) as the asset form's problem, which the form's sentences say. */
const KEYWORD_PROBLEMS: Record<string, FieldProblem> = {
  type: { rule: 'not_a_number', typed: '' },
  minimum: { rule: 'out_of_range' },
  maximum: { rule: 'out_of_range' },
  exclusiveMinimum: { rule: 'out_of_range' },
  exclusiveMaximum: { rule: 'out_of_range' },
  multipleOf: { rule: 'not_whole' },
  const: { rule: 'not_a_choice' },
  enum: { rule: 'not_a_choice' },
  anyOf: { rule: 'not_a_choice' },
};

/** A create's refusal of one field, said with the field's label: undefined when it names no field. */
function fieldSentence(planet: PlanetId, detail: string | undefined, params: Record<string, unknown>) {
  if (detail === 'too_many_pass_through')
    return words.problems.tooManyExtras(Number(params.max), Number(params.count));
  const field = typeof params.field === 'string' ? params.field.split('.')[0]! : undefined;
  if (field === undefined) return undefined;
  const label = importFieldLabel(field);
  const kind = planetFields(planet).find(({ name }) => name === field)?.field;
  switch (detail ?? '') {
    case 'required':
      return errorSentence(label, { rule: 'required' });
    case 'unstorable':
      return errorSentence(label, { rule: 'unstorable' });
    case 'reserved_field':
      return errorSentence(label, { rule: 'reserved_name' });
    case 'too_long':
      return words.problems.tooLong(label, Number(params.max));
    case 'trimmed_length':
      return words.problems.trimmedLength(label, Number(params.min), Number(params.max));
    case 'breaks_rule': {
      if (params.keyword === 'maxLength') return words.problems.tooLong(label, Number(params.limit));
      const problem = KEYWORD_PROBLEMS[String(params.keyword)];
      return problem && kind ? errorSentence(label, problem, kind) : words.problems.breaksRule(label);
    }
    default:
      return undefined;
  }
}

const isErrorCode = (code: string): code is ErrorCode => Object.hasOwn(errorCatalogue, code);

/**
 * A row's problem in the reader's language, from what the import stored: its code, template and values (the API
 * keeps the English `message`). A row refused or failed while importing has its outcome for a code.
 */
export function importProblemSentence(planet: PlanetId, problem: ImportProblem): string {
  const params = problem.params ?? {};
  if (problem.code === 'validation_failed') {
    const said = fieldSentence(planet, problem.detail, params);
    if (said) return said;
  }
  if (problem.code === 'import_row_repeated' && typeof params.row === 'number')
    return words.problems.repeated(params.row);
  const code = problem.code === 'refused' ? 'import_row_issued' : problem.code;
  if (!isErrorCode(code)) return words.problems.failed;
  return pageErrorMessage({ code, detail: problem.detail, params, message: problem.message });
}
