/**
 * Field checks ([8.1]–[8.4]): what a renderer says about a field's current value. Messages are keys of the
 * renderer's own words, never text from the stream. Also usable for app components declared as fields. In the
 * core because two formats check fields with it: Omni-IR's fields and the op stream's Form fields.
 */
export interface FieldMessage {
  message: string;
  values?: Record<string, string | number>;
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const NUMBER = /^[+-]?[0-9]+(?:[.,][0-9]+)?$/;
const PHONE = /^\+?[0-9 ().-]+$/;
const URL_RE = /^https?:\/\/[^\s/?#.]+(?:\.[^\s/?#.]+)+(?:[/?#]\S*)?$/i;
const FORMATS: Record<string, [RegExp, string]> = {
  email: [EMAIL, 'invalidEmail'],
  number: [NUMBER, 'invalidNumber'],
  phone: [PHONE, 'invalidPhone'],
  url: [URL_RE, 'invalidUrl'],
};

/** Unicode code points in a string ([8.3] lengths). */
function codePoints(s: string): number {
  let n = 0;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c < 0xd800 || c > 0xdbff || i + 1 >= s.length) n++;
    else {
      const d = s.charCodeAt(i + 1);
      n++;
      if (d >= 0xdc00 && d <= 0xdfff) i++;
    }
  }
  return n;
}

function digits(s: string): number {
  let n = 0;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c >= 0x30 && c <= 0x39) n++;
  }
  return n;
}

const blank = (v: unknown) => typeof v !== 'string' || v.trim() === '';
const fail = (message: string, values?: Record<string, string | number>): FieldMessage =>
  values ? { message, values } : { message };

/**
 * Checks a field of `component` with these props holding `value`: null when it passes, else the key of the
 * renderer's message and the values for its placeholders. A component that isn't a catalog field is checked as
 * an app field ([8.7]): `required` fails on null, a non-value or empty text.
 */
export function checkField(component: string, props: Record<string, unknown>, value: unknown): FieldMessage | null {
  const required = props.required === true;
  switch (component) {
    case 'Input': {
      if (required && blank(value)) return fail('required');
      if (blank(value)) return null;
      const v = (value as string).trim();
      const format = typeof props.format === 'string' && Object.hasOwn(FORMATS, props.format) ? FORMATS[props.format] : undefined;
      if (format) {
        const ok = format[0].test(v) && (props.format !== 'phone' || (digits(v) >= 7 && digits(v) <= 15));
        if (!ok) return fail(format[1]);
      }
      const len = codePoints(v);
      if (typeof props.minLength === 'number' && len < props.minLength) return fail('tooShort', { min: props.minLength });
      if (typeof props.maxLength === 'number' && len > props.maxLength) return fail('tooLong', { max: props.maxLength });
      return null;
    }
    case 'DateInput': {
      if (required && blank(value)) return fail('required');
      if (typeof value !== 'string' || value.trim() === '') return null;
      const v = value.trim();
      if (typeof props.min === 'string' && v < props.min) return fail('dateTooEarly', { min: props.min });
      if (typeof props.max === 'string' && v > props.max) return fail('dateTooLate', { max: props.max });
      return null;
    }
    case 'Select':
      if (required && !(typeof value === 'string' && Array.isArray(props.options) && props.options.includes(value))) {
        return fail('chooseOption');
      }
      return null;
    case 'Switch':
      return required && value !== true ? fail('turnOn') : null;
    default:
      return required && (value === null || value === undefined || (typeof value === 'string' && value.trim() === '')) ? fail('required') : null;
  }
}
