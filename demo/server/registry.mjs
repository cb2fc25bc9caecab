// The demo app's registry: the tools a screen may govern (each with the JSON Schema its params must pass, on the
// page and again here), the confirmation sentence for tools that need one ([9.1]), and the pictures a screen may
// show ([5.17]). The same data is served as JSON at GET /api/registry, so <omni-screen> checks presses against
// exactly what this server checks.

const EMAIL = '^[^@\\s]+@[^@\\s]+\\.[^@\\s]+$';

export const COUNTRIES = ['United Kingdom', 'Ireland', 'France', 'Germany', 'Portugal', 'United States'];
export const LANGUAGES = ['English', 'Français', 'Deutsch', 'Português'];

/**
 * Tools by name. `signIn`: only for a person with a session (401 otherwise). `confirm`: the sentence the
 * renderer shows before the action runs; `{param}` is replaced by that param's value as plain text.
 */
export const tools = {
  'payments.confirm': {
    description: 'Pays a merchant the amount shown, with an optional note for the merchant.',
    signIn: true,
    confirm: 'Pay {amount} USD to Blue Bottle Café now?',
    schema: {
      type: 'object',
      additionalProperties: false,
      required: ['amount', 'note'],
      properties: {
        amount: { type: 'number', minimum: 0, maximum: 10000 },
        note: { type: 'string', maxLength: 200 },
      },
    },
  },
  'auth.sendMagicLink': {
    description: 'Emails the person a one-time sign-in link.',
    signIn: false,
    schema: {
      type: 'object',
      additionalProperties: false,
      required: ['email'],
      properties: {
        email: { type: 'string', minLength: 3, maxLength: 254, pattern: EMAIL },
      },
    },
  },
  'orders.requestReturn': {
    description: "Opens a return for one of the person's orders and emails a prepaid label.",
    signIn: true,
    confirm: 'Request a return for order {order}? We will email you a prepaid label.',
    schema: {
      type: 'object',
      additionalProperties: false,
      required: ['order'],
      properties: {
        order: { type: 'string', pattern: '^[0-9]{1,12}$' },
      },
    },
  },
  'settings.save': {
    description: "Saves the person's profile, contact details and preferences.",
    signIn: true,
    schema: {
      type: 'object',
      additionalProperties: false,
      required: ['name', 'bio', 'birthday', 'experience', 'email', 'phone', 'website', 'country', 'language', 'newsletter', 'terms'],
      properties: {
        name: { type: 'string', minLength: 2, maxLength: 40 },
        bio: { type: 'string', maxLength: 280 },
        birthday: { type: 'string', pattern: '^([0-9]{4}-[0-9]{2}-[0-9]{2})?$' },
        experience: { type: 'string', maxLength: 20, pattern: '^\\s*([+-]?[0-9]+([.,][0-9]+)?)?\\s*$' },
        email: { type: 'string', maxLength: 254, pattern: EMAIL },
        phone: { type: 'string', maxLength: 30, pattern: '^(\\s*\\+?[0-9 ().-]{7,29})?$' },
        website: { type: 'string', maxLength: 2000, pattern: '^(\\s*[Hh][Tt][Tt][Pp][Ss]?://\\S+)?$' },
        country: { enum: COUNTRIES },
        language: { enum: ['', ...LANGUAGES] },
        newsletter: { type: 'boolean' },
        terms: { const: true },
      },
    },
  },
};

/** Pictures by name ([5.17]): served from demo/assets/, never from a location a stream writes. */
export const assets = {
  parcel: { src: '/assets/parcel.svg', width: 640, height: 360, alt: 'A parcel' },
  cafe: { src: '/assets/cafe.svg', width: 640, height: 360, alt: 'A café front' },
  card: { src: '/assets/card.svg', width: 96, height: 96, alt: 'A payment card' },
  key: { src: '/assets/key.svg', width: 96, height: 96, alt: 'A key' },
  chart: { src: '/assets/chart.svg', width: 96, height: 96, alt: 'A bar chart' },
  gear: { src: '/assets/gear.svg', width: 96, height: 96, alt: 'A gear' },
};

/** Picture families ([5.30]): none in this demo. */
export const pictures = [];

/**
 * The registry as the page receives it, plain JSON, shaped for <omni-screen>'s properties: `tools` (name → JSON
 * Schema), `confirm` (name → sentence), `assets`, `pictures`; `about` adds each tool's description and whether
 * it needs sign-in.
 */
export function registryJson() {
  const entries = Object.entries(tools);
  return {
    tools: Object.fromEntries(entries.map(([name, t]) => [name, t.schema])),
    confirm: Object.fromEntries(entries.filter(([, t]) => t.confirm).map(([name, t]) => [name, t.confirm])),
    about: Object.fromEntries(entries.map(([name, t]) => [name, { description: t.description, signIn: t.signIn }])),
    assets,
    pictures,
  };
}

/** The registries the Omni-IR parser takes (OmniRegistries in src/omni-ir/types.ts). */
export function parserRegistries() {
  return { tools: Object.keys(tools), assets: Object.keys(assets), pictures };
}
