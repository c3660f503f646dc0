import { limits } from '../../../limits.js';
import { html, type SafeHtml } from '../../../lib/html.js';
import { type PlanetId } from '../../../planets/planets.js';
import type { MemberSession } from '../../members/member-sessions.service.js';
import { inputField, selectField, valueOptions } from '../../web-pages/form-parts.views.js';
import type { AssetFormValues, FieldKind } from './asset-form.js';
import { planetFields } from './asset-form.js';
import { csrfInput } from '../shell/console-layout.views.js';
import { text } from '../text/index.js';

const words = text.assets;

function fieldHint(name: string, field: FieldKind): string {
  const unit = words.units[name];
  const rule =
    field.kind === 'text'
      ? words.hints.text(field.maxLength ?? limits.stringLength)
      : field.kind === 'integer'
        ? words.hints.integer(field.minimum ?? 0, field.maximum ?? Number.MAX_SAFE_INTEGER)
        : field.kind === 'number'
          ? words.hints.number(field.minimum ?? 0)
          : '';
  return [rule, unit ? words.hints.unit(unit) : ''].filter(Boolean).join(' ');
}

/** One typed field of a planet, as its schema in planets.ts says: the one place a planet field becomes a control. */
function planetFieldControl(name: string, field: FieldKind, value: string): SafeHtml {
  const label = words.fieldLabels[name] ?? name;
  const id = `field-${name}`;
  if (field.kind === 'choice') {
    return selectField(label, { id, name }, valueOptions(field.values, value, words.chooseOne));
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
    fieldHint(name, field),
  );
}

function extraRows(extras: readonly [string, string][]): SafeHtml {
  const rows = [...extras, ['', ''] as [string, string], ['', ''] as [string, string]];
  return html`<fieldset>
    <legend>${words.passThrough}</legend>
    <p class="hint" id="extras-hint">${words.passThroughHint(limits.passThroughFields)}</p>
    ${rows.map(
      ([name, value], index) =>
        html`<div class="field-row" role="group" aria-label="${words.fieldRow(index + 1)}">
          ${inputField(words.fieldName, {
            id: `extra-name-${index}`,
            name: 'extra_name',
            maxlength: limits.fieldNameLength,
            value: name,
          })}
          ${inputField(words.fieldValue, {
            id: `extra-value-${index}`,
            name: 'extra_value',
            maxlength: limits.stringLength,
            value,
          })}
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
}): SafeHtml {
  const { values } = options;
  return html`<form method="post" action="${options.action}" class="stacked">
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
    )}
    <fieldset>
      <legend>${words.planetFields}</legend>
      ${planetFields(options.planet).map(({ name, field }) =>
        planetFieldControl(name, field, values.fields[name] ?? ''),
      )}
    </fieldset>
    ${extraRows(values.extras)}
    <button type="submit">${options.submit}</button>
  </form>`;
}
