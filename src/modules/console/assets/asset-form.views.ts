import { limits } from '../../../limits.js';
import { html, type SafeHtml } from '../../../lib/html.js';
import { type PlanetId } from '../../../planets/planets.js';
import type { MemberSession } from '../../members/member-sessions.service.js';
import { fieldName } from '../../web-pages/category-name.js';
import { inputField, selectField, valueOptions } from '../../web-pages/form-parts.views.js';
import { text as pageText } from '../../web-pages/text/index.js';
import type { AssetFormValues, FieldKind, FieldProblem, FormProblems } from './asset-form.js';
import { planetFields } from './asset-form.js';
import { csrfInput } from '../shell/console-layout.views.js';
import { text } from '../text/index.js';

const words = text.assets;

/** Whether the planet has a field for a date as written beside its whole-number year (artworks). */
const hasDateText = (planet: PlanetId) => planetFields(planet).some(({ name }) => name === 'date_text');

/**
 * A control's problem as a sentence naming it by its label, as a person reads it. `field` is the planet field's
 * kind (for a number's bounds); a year beside a date as written (artworks) points a date in words there.
 */
export function errorSentence(
  label: string,
  problem: FieldProblem,
  field?: FieldKind,
  options: { yearBesideDateText?: boolean } = {},
): string {
  const say = words.fieldErrors;
  const numeric = field?.kind === 'integer' || field?.kind === 'number';
  const minimum = numeric ? (field.minimum ?? 0) : 0;
  const maximum = numeric ? field.maximum : undefined;
  const wholeNumber = () =>
    maximum === undefined
      ? say.notAWholeNumberAtLeast(label, minimum)
      : say.notAWholeNumber(label, minimum, maximum);
  switch (problem.rule) {
    case 'required':
      return say.required(label);
    case 'too_long':
      return say.tooLong(label, problem.max, problem.length);
    case 'not_a_number':
      if (options.yearBesideDateText) {
        // Echo a date typed in words ("ca. 1975"); words without a figure get the example instead.
        const typed = /\d/.test(problem.typed) ? problem.typed : 'ca. 1975';
        return say.yearAsWritten(fieldName('date_text'), typed);
      }
      return field?.kind === 'integer' ? wholeNumber() : say.notANumber(label, minimum);
    case 'not_whole':
      return wholeNumber();
    case 'out_of_range':
      return maximum === undefined ? say.tooSmall(label, minimum) : say.outOfRange(label, minimum, maximum);
    case 'not_a_choice':
      return say.notAChoice(label);
    case 'unstorable':
      return say.unstorable(label);
    case 'name_too_long':
      return say.nameTooLong(problem.max);
    case 'reserved_name':
      return say.reservedName(label);
    case 'name_of_a_field':
      return say.nameOfAField(label, fieldName(problem.field));
    case 'not_an_image':
      return words.correction.notAnImage;
  }
}

function fieldHint(planet: PlanetId, name: string, field: FieldKind): string {
  const unit = words.units[name];
  const own =
    name === 'date_text'
      ? words.hints.dateText
      : name === 'year' && hasDateText(planet)
        ? words.hints.yearBesideDateText(fieldName('date_text'))
        : '';
  const rule =
    field.kind === 'text'
      ? words.hints.text(field.maxLength ?? limits.stringLength)
      : field.kind === 'integer'
        ? field.maximum === undefined
          ? words.hints.integerAtLeast(field.minimum ?? 0)
          : words.hints.integer(field.minimum ?? 0, field.maximum)
        : field.kind === 'number'
          ? words.hints.number(field.minimum ?? 0)
          : '';
  return [rule, own, unit ? words.hints.unit(unit) : ''].filter(Boolean).join(' ');
}

/** One typed field of a planet, as its schema in planets.ts says: the one place a planet field becomes a control. */
function planetFieldControl(
  planet: PlanetId,
  { name, field }: { name: string; field: FieldKind },
  value: string,
  problem: FieldProblem | undefined,
): SafeHtml {
  const label = fieldName(name);
  const id = `field-${name}`;
  const yearBesideDateText = name === 'year' && hasDateText(planet);
  const error = problem ? errorSentence(label, problem, field, { yearBesideDateText }) : undefined;
  if (field.kind === 'choice') {
    return selectField(
      label,
      { id, name },
      valueOptions(field.values, value, words.chooseOne, pageText.fields.choices),
      error,
    );
  }
  const numeric = field.kind === 'integer' || field.kind === 'number';
  const unit = words.units[name];
  return inputField(
    unit ? `${label} (${unit})` : label,
    {
      id,
      name,
      // A number typed as text keeps what was typed: the schema refuses a bad one with the API's message.
      type: 'text',
      ...(numeric ? { inputmode: field.kind === 'integer' ? 'numeric' : 'decimal' } : {}),
      maxlength: field.kind === 'text' ? field.maxLength : 40,
      value,
    },
    fieldHint(planet, name, field),
    error,
  );
}

function extraRows(extras: readonly [string, string][], problems: FormProblems): SafeHtml {
  // A pass-through field's problem names it by the name typed beside it.
  const errorOf = (control: string, name: string) => {
    const problem = problems.get(control);
    if (!problem) return undefined;
    return control.startsWith('extra-value-') && problem.rule === 'too_long'
      ? words.fieldErrors.valueTooLong(name, problem.max, problem.length)
      : control.startsWith('extra-value-') && problem.rule === 'unstorable'
        ? words.fieldErrors.valueUnstorable(name)
        : errorSentence(name, problem);
  };
  const rows = [...extras, ['', ''] as [string, string], ['', ''] as [string, string]];
  return html`<fieldset>
    <legend>${words.passThrough}</legend>
    <p class="hint" id="extras-hint">${words.passThroughHint(limits.passThroughFields)}</p>
    ${rows.map(
      ([name, value], index) =>
        html`<div class="field-row" role="group" aria-label="${words.fieldRow(index + 1)}">
          ${inputField(
            words.fieldName,
            {
              id: `extra-name-${index}`,
              name: 'extra_name',
              maxlength: limits.fieldNameLength,
              value: name,
            },
            undefined,
            errorOf(`extra-name-${index}`, name),
          )}
          ${inputField(
            words.fieldValue,
            {
              id: `extra-value-${index}`,
              name: 'extra_value',
              maxlength: limits.stringLength,
              value,
            },
            undefined,
            errorOf(`extra-value-${index}`, name),
          )}
        </div>`,
    )}
  </fieldset>`;
}

/** The create and edit form of a planet's asset: title, the planet's typed fields, the other fields as rows. */
export function assetForm(options: {
  session: MemberSession;
  planet: PlanetId;
  action: string;
  values: AssetFormValues;
  submit: string;
  /** The problems of the form just refused, each said beside its field. */
  problems?: FormProblems;
  /** More fields before the button (a correction's reason and images). */
  extra?: SafeHtml;
  /** Whether the form sends files (multipart/form-data, its CSRF token first). */
  withFiles?: boolean;
}): SafeHtml {
  const { values } = options;
  const problems: FormProblems = options.problems ?? new Map();
  const titleProblem = problems.get('title');
  const inventoryNumberProblem = problems.get('inventory_number');
  return html`<form
    method="post"
    action="${options.action}"
    ${options.withFiles ? html`enctype="multipart/form-data"` : ''}
    class="stacked"
  >
    ${csrfInput(options.session)}
    ${inputField(
      words.titleField,
      {
        id: 'field-title',
        name: 'title',
        required: true,
        maxlength: limits.titleLength,
        value: values.title,
      },
      words.titleHint(limits.titleLength),
      titleProblem ? errorSentence(words.titleField, titleProblem) : undefined,
    )}
    ${inputField(
      words.inventoryNumberField,
      {
        id: 'field-inventory_number',
        name: 'inventory_number',
        maxlength: limits.inventoryNumberLength,
        value: values.inventoryNumber,
      },
      words.inventoryNumberHint(limits.inventoryNumberLength),
      inventoryNumberProblem ? errorSentence(words.inventoryNumberField, inventoryNumberProblem) : undefined,
    )}
    <fieldset>
      <legend>${words.objectDetails}</legend>
      ${planetFields(options.planet).map((typed) =>
        planetFieldControl(options.planet, typed, values.fields[typed.name] ?? '', problems.get(typed.name)),
      )}
    </fieldset>
    ${extraRows(values.extras, problems)} ${options.extra ?? ''}
    <button type="submit">${options.submit}</button>
  </form>`;
}
