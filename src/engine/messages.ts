/**
 * Human validation messages (GOV.UK style: say what to do, not what went wrong), one per JSON Schema keyword. Every
 * message is overridable: a host passes its own through the engine's `messages` option (the renderer's `labels`), and
 * a schema author through the `errorMessage` keyword of a property (a string, or one string per keyword).
 *
 * Placeholders: `{max}` is replaced by the value; `{max|item|items}` picks the first word when the value is 1.
 */
import type { ValueSchemaInfo } from './schema';

/** Every validation message the engine can produce. */
export const defaultValidationMessages = {
  required: 'This field is required',
  /** A required matrix (grid) with a row left unanswered. */
  matrixRows: 'Choose an answer in each row',
  mustAccept: 'Tick this box to continue',
  minLength: 'Enter at least {min} {min|character|characters}',
  maxLength: 'Enter at most {max} {max|character|characters}',
  lengthBetween: 'Enter between {min} and {max} characters',
  numberBetween: 'Enter a number between {min} and {max}',
  numberMin: 'Enter a number of {min} or more',
  numberMax: 'Enter a number of {max} or less',
  numberAbove: 'Enter a number greater than {min}',
  numberBelow: 'Enter a number less than {max}',
  multipleOf: 'Enter a multiple of {step}',
  notANumber: 'Enter a number',
  notAnInteger: 'Enter a whole number',
  /** A number typed with a comma: neither read as a decimal nor as a thousands separator, but asked again. */
  numberWithComma: 'Write the number with a point for decimals and without commas, like {example}',
  pattern: 'Enter a value in the correct format',
  email: 'Enter an email address in the correct format, like name@example.com',
  url: 'Enter a web address in the correct format, like https://example.com',
  date: 'Enter a real date',
  time: 'Enter a real time',
  dateTime: 'Enter a real date and time',
  format: 'Enter a value in the correct format',
  enum: 'Select one of the options',
  const: 'Enter the expected value',
  minItems: 'Add at least {min} {min|item|items}',
  maxItems: 'Add at most {max} {max|item|items}',
  minSelected: 'Select at least {min} {min|option|options}',
  maxSelected: 'Select at most {max} {max|option|options}',
  uniqueItems: 'Each item must be different',
  notAllowed: 'This value is not allowed',
  invalid: 'Enter a valid value',
} as const;

/** The validation messages; override any of them with a partial object. */
export type ValidationMessages = { [K in keyof typeof defaultValidationMessages]: string };

/** Fills `{name}` and `{name|one|other}` placeholders. Unknown names are left as written. */
export function fillMessage(template: string, values: Readonly<Record<string, string | number | undefined>>): string {
  return template.replace(/\{(\w+)(?:\|([^|}]*)\|([^}]*))?\}/g, (whole, name: string, one?: string, other?: string) => {
    const value = values[name];
    if (value === undefined) return whole;
    if (one !== undefined && other !== undefined) return Number(value) === 1 ? one : other;
    return String(value);
  });
}

/**
 * The message for text typed into a number field that is not a plain number. A comma gets a message of its own, with
 * the number as it should be written: "1,65" means 1.65 in some languages and 165 in others, so it is never guessed.
 */
export function typedNumberMessage(text: string, info: ValueSchemaInfo, messages: ValidationMessages): string {
  if (info.errorMessage !== undefined || !text.includes(',')) return messageFor('type', info, messages);
  const decimal = text.trim().replace(',', '.');
  const example = info.type !== 'integer' && /^[+-]?\d+\.\d+$/.test(decimal) ? decimal : info.type === 'integer' ? '1650' : '1.65';
  return fillMessage(messages.numberWithComma, { example });
}

/** What kind of widget holds the value, where it changes the wording (options are "selected", items "added"). */
export type MessageContext = 'value' | 'selection' | 'items';

/**
 * The message for a failed keyword, worded from the schema's facts.
 * `keyword` is a JSON Schema keyword (`maxLength`, `format`, …) or `required`.
 */
export function messageFor(
  keyword: string,
  info: ValueSchemaInfo,
  messages: ValidationMessages,
  context: MessageContext = 'value',
): string {
  const custom = info.errorMessage;
  if (typeof custom === 'string') return custom;
  if (custom && typeof custom[keyword] === 'string') return custom[keyword] as string;

  const lower = info.minimum ?? info.exclusiveMinimum;
  const upper = info.maximum ?? info.exclusiveMaximum;
  switch (keyword) {
    case 'required':
      return info.hasConst && info.const === true ? messages.mustAccept : messages.required;
    case 'type':
      if (info.type === 'integer') return messages.notAnInteger;
      if (info.type === 'number') return messages.notANumber;
      return messages.invalid;
    case 'minLength':
    case 'maxLength':
      if (info.minLength !== undefined && info.maxLength !== undefined && info.minLength > 1) {
        return fillMessage(messages.lengthBetween, { min: info.minLength, max: info.maxLength });
      }
      return keyword === 'minLength'
        ? fillMessage(messages.minLength, { min: info.minLength })
        : fillMessage(messages.maxLength, { max: info.maxLength });
    case 'minimum':
    case 'maximum':
    case 'exclusiveMinimum':
    case 'exclusiveMaximum':
      if (info.minimum !== undefined && info.maximum !== undefined) {
        return fillMessage(messages.numberBetween, { min: info.minimum, max: info.maximum });
      }
      if (keyword === 'minimum') return fillMessage(messages.numberMin, { min: lower });
      if (keyword === 'maximum') return fillMessage(messages.numberMax, { max: upper });
      if (keyword === 'exclusiveMinimum') return fillMessage(messages.numberAbove, { min: info.exclusiveMinimum });
      return fillMessage(messages.numberBelow, { max: info.exclusiveMaximum });
    case 'multipleOf':
      return info.multipleOf === 1 ? messages.notAnInteger : fillMessage(messages.multipleOf, { step: info.multipleOf });
    case 'pattern':
      return messages.pattern;
    case 'format':
      switch (info.format) {
        case 'email':
        case 'idn-email':
          return messages.email;
        case 'uri':
        case 'url':
        case 'iri':
          return messages.url;
        case 'date':
          return messages.date;
        case 'time':
          return messages.time;
        case 'date-time':
          return messages.dateTime;
        default:
          return messages.format;
      }
    case 'matrixRows':
      return messages.matrixRows;
    case 'enum':
      return messages.enum;
    case 'const':
      return info.const === true ? messages.mustAccept : messages.const;
    case 'minItems':
      return fillMessage(context === 'selection' ? messages.minSelected : messages.minItems, { min: info.minItems });
    case 'maxItems':
      return fillMessage(context === 'selection' ? messages.maxSelected : messages.maxItems, { max: info.maxItems });
    case 'uniqueItems':
      return messages.uniqueItems;
    case 'false':
    case 'additionalProperties':
    case 'unevaluatedProperties':
    case 'unevaluatedItems':
      return messages.notAllowed;
    default:
      return messages.invalid;
  }
}
