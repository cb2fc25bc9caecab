// The one small app every example in demo/frameworks/ shows, as plain data: what the "model" streams, what the
// app registers, and what the "agent" does. Each example only binds it with its framework's own habits, so the
// examples differ exactly where frameworks differ. No imports: the plain-HTML example loads it as it is.

/** The Omni-IR a model would stream: a payment screen whose Pay button is governed by `payments.confirm`. */
export const PAYMENT_SCREEN = `root = Card([title, merchant, amount, note, pay])
title = Heading("Confirm payment")
merchant = Text("Blue Bottle Café, Oakland (CA)", tone="muted")
$amount = 42.50
amount = Text($amount, format="currency", currency="USD", tone="strong")
$note = ""
note = Input($note, label="Note for the merchant", maxLength=200)
pay = Button("Pay now", action="pay")
payIt = McpMutation(pay, tool="payments.confirm", params={amount: $amount, note: $note})
`;

/** The tool registry: a press runs only if its params pass this JSON Schema. */
export const tools = {
  'payments.confirm': {
    type: 'object',
    additionalProperties: false,
    required: ['amount', 'note'],
    properties: { amount: { type: 'number', minimum: 0 }, note: { type: 'string', maxLength: 200 } },
  },
};

/** Confirmations by tool. A function, on purpose: it can only reach the element as a property. */
export const confirm = {
  'payments.confirm': (params) => `Pay ${params.amount} USD to Blue Bottle Café now?`,
};

/** The OUI surface: one action an agent may call on this part of the page. */
export const tipSurface = {
  id: 'tip',
  name: 'Tip',
  description: 'The tip added to the payment',
  actions: [
    {
      id: 'set_tip',
      description: 'Set the tip, in percent of the amount',
      input: {
        type: 'object',
        additionalProperties: false,
        required: ['percent'],
        properties: { percent: { type: 'integer', minimum: 0, maximum: 30 } },
      },
    },
  ],
};

/**
 * What a model would write to fill the delivery form: axstream lines in a fence, targets found by role and name,
 * ending with `observe` (a burst ends with observe or done; without either it ends `unfinished`).
 */
export const FILL_REPLY = [
  'Filling in the delivery form.',
  '```jsonl',
  '{"op":"act","do":"click","target":{"ax":{"role":"AXTextField","title":"Name"}}}',
  '{"op":"act","do":"type","text":"Ada Lovelace"}',
  '{"op":"act","do":"click","target":{"ax":{"role":"AXButton","title":"Save"}}}',
  '{"op":"observe"}',
  '```',
  '',
].join('\n');

/** The op stream of an answer with a quiz about the payment: one JSON op per line. */
export const QUIZ_ANSWER = [
  { op: 'node', id: '0', type: 'p', spans: 'A short quiz before you pay.' },
  { op: 'open', id: '1', type: 'Quiz', attrs: { title: 'Your payment' } },
  { op: 'node', id: '1.0', type: 'Question', attrs: { q: 'Who is paid?' }, data: { items: ['Blue Bottle Café', 'Sightglass'], answer: 0 } },
  { op: 'node', id: '1.1', type: 'Question', attrs: { q: 'How much?' }, data: { items: ['24.50 USD', '42.50 USD'], answer: 1 } },
  { op: 'close', id: '1' },
  { op: 'end', complete: true, truncated: false },
]
  .map((op) => `${JSON.stringify(op)}\n`)
  .join('');

/** The next answer, for `respond`: what the model would say about the quiz's score. */
export const quizReply = (score, total) =>
  `${JSON.stringify({ op: 'node', id: '0', type: 'p', spans: `${score} of ${total} right. Thank you!` })}\n` +
  `${JSON.stringify({ op: 'end', complete: true, truncated: false })}\n`;

/** Text as a model sends it: a line at a time, a little apart, so the elements visibly draw while it streams. */
export async function* paced(text, msPerLine = 20) {
  for (const line of text.split(/(?<=\n)/)) {
    await new Promise((resolve) => setTimeout(resolve, msPerLine));
    yield line;
  }
}
