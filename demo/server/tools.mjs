// What each registered tool does. A handler gets params that already passed the tool's schema, and the person
// (their session) checked by the route; it checks ownership against the server's own data, never the params,
// and returns a result with only what the screen needs, plus an optional update: Omni-IR lines the app writes
// so the pressed screen shows the outcome ([10.35]).
import { omniString, componentId } from './omniText.mjs';

/** A refusal a tool gives on purpose: the status and code of [10.14]. */
export class ToolError extends Error {
  constructor(status, code, message, retryable = false) {
    super(message);
    this.status = status;
    this.code = code;
    this.retryable = retryable;
  }
}

export const NOT_FOUND_MESSAGE = 'Nothing by that name was found.';

const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });

function maskEmail(email) {
  const at = email.lastIndexOf('@');
  return `${email.slice(0, 1)}•••${email.slice(at)}`;
}

export function createHandlers({ orders }) {
  let paymentCount = 0;
  return {
    'payments.confirm': async ({ params, button }) => {
      const id = componentId(button, 'confirm');
      const paymentId = `pay_${Date.now().toString(36)}${(++paymentCount).toString(36)}`;
      const paid = usd.format(params.amount);
      return {
        result: { paymentId, amount: params.amount, status: 'paid' },
        update: `${id} = Notice(${omniString(`${paid} paid to Blue Bottle Café. Receipt ${paymentId}.`)}, tone="success", title="Payment sent")\n`,
      };
    },
    'auth.sendMagicLink': async ({ params, button }) => {
      const id = componentId(button, 'send');
      return {
        result: { sent: true },
        update: `${id} = Notice(${omniString(`Check your inbox: we sent a sign-in link to ${maskEmail(params.email)}. It expires in 15 minutes.`)}, tone="success")\n`,
      };
    },
    'orders.requestReturn': async ({ params, person, button }) => {
      const order = orders.find(person?.id, params.order);
      // The same answer whether the order doesn't exist or is someone else's.
      if (!order) throw new ToolError(404, 'not_found', NOT_FOUND_MESSAGE);
      if (order.returnRequested) throw new ToolError(409, 'unavailable', `A return is already open for order ${order.id}.`);
      order.returnRequested = true;
      const id = componentId(button, 'ret');
      return {
        result: { order: order.id, returnStatus: 'requested' },
        update: `${id} = Notice(${omniString(`Return requested for order ${order.id}. We emailed you a prepaid label.`)}, tone="success", title="Return started")\n`,
      };
    },
    'settings.save': async ({ params, person }) => {
      person.settings = { ...params };
      const at = new Date().toLocaleTimeString('en-US', { hour: 'numeric', minute: '2-digit' });
      return {
        result: { saved: true },
        update: `saveState = Notice(${omniString(`Saved at ${at}.`)}, tone="success")\n`,
      };
    },
  };
}
