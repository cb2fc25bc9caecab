// The demo's order store: every person has their own order 1042, and a few orders belong to someone else, so a
// request naming an order that isn't yours gets the same answer as one naming an order that doesn't exist
// (section 9, [10.14]). Delivery really progresses once the person first looks at the order, and each step is
// what the live feed reports.

export const OTHER_PERSON = '\u0000someone-else';

/** The delivery steps, in order. */
export const STEPS = ['shipped', 'out_for_delivery', 'nearby', 'delivered'];

export function createOrders({ stepMs = 8000 } = {}) {
  /** `${owner}\0${id}` → order */
  const orders = new Map();
  const listeners = new Set();
  const timers = new Set();

  const keyOf = (owner, id) => `${owner}\u0000${id}`;

  function add(owner, id, fields = {}) {
    const order = { id, owner, step: 0, status: STEPS[0], returnRequested: false, delivering: false, times: {}, ...fields };
    orders.set(keyOf(owner, id), order);
    return order;
  }

  // Someone else's orders, so "not yours" is a real case.
  add(OTHER_PERSON, '2077');
  add(OTHER_PERSON, '1043');

  function advance(order) {
    if (order.step >= STEPS.length - 1) return;
    order.step++;
    order.status = STEPS[order.step];
    order.times[order.status] = new Date();
    for (const fn of listeners) fn(order);
    if (order.step < STEPS.length - 1) schedule(order);
  }

  function schedule(order) {
    const timer = setTimeout(() => {
      timers.delete(timer);
      advance(order);
    }, stepMs);
    timer.unref?.();
    timers.add(timer);
  }

  return {
    /** The person's own order 1042, made the first time it is needed. */
    ensure(owner) {
      return orders.get(keyOf(owner, '1042')) ?? add(owner, '1042');
    },
    /** The order only if it is this person's: otherwise null, whether it exists or not. */
    find(owner, id) {
      if (owner == null) return null;
      return orders.get(keyOf(owner, id)) ?? null;
    },
    /** Starts the delivery of the person's order, once. */
    startDelivery(order) {
      if (order.delivering) return;
      order.delivering = true;
      schedule(order);
    },
    /** The person's session is gone: so are their orders. */
    forget(owner) {
      for (const [key, order] of orders) if (order.owner === owner) orders.delete(key);
    },
    onChange(fn) {
      listeners.add(fn);
      return () => listeners.delete(fn);
    },
    close() {
      for (const t of timers) clearTimeout(t);
      timers.clear();
    },
  };
}

function clock(date) {
  return date.toLocaleTimeString('en-US', { hour: 'numeric', minute: '2-digit' });
}

/**
 * The lines that bring an order screen to the order's current step: [key, line] pairs, each a line the app
 * writes (never the model) for an id or $key the recorded screen has ([10.30]).
 */
export function orderLines(order) {
  const t = order.times;
  switch (order.status) {
    case 'shipped':
      return [];
    case 'out_for_delivery':
      return [
        ['status', 'status = Badge("Out for delivery", tone="warning")'],
        ['$eta', '$eta = "Arriving today by 6 pm"'],
        ['stepOut', `stepOut = ListItem("Out for delivery", detail="Today, ${clock(t.out_for_delivery)} · 12 stops away", trailing="Now")`],
      ];
    case 'nearby':
      return [
        ['status', 'status = Badge("Out for delivery", tone="warning")'],
        ['$eta', '$eta = "Arriving in about 20 minutes"'],
        ['stepOut', `stepOut = ListItem("Out for delivery", detail="Today, ${clock(t.out_for_delivery ?? t.nearby)} · 3 stops away", trailing="Now")`],
      ];
    case 'delivered':
      return [
        ['status', 'status = Badge("Delivered", tone="success")'],
        ['$eta', `$eta = "Delivered today at ${clock(t.delivered)}"`],
        ['stepOut', `stepOut = ListItem("Out for delivery", detail="Today, ${clock(t.out_for_delivery ?? t.delivered)}", trailing="Done")`],
        ['stepDelivered', `stepDelivered = ListItem("Delivered", detail="Today, ${clock(t.delivered)} · left at the front door", trailing="Done")`],
      ];
    default:
      return [];
  }
}
