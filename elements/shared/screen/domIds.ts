/**
 * DOM ids inside a screen's shadow root, made from node ids: a node's field, its message, label, status, title,
 * and a tab's button and panel. `prefix` keeps one screen's ids apart from the words of any other (`omni-`, `m-`).
 */
export interface DomIds {
  field(id: string): string;
  message(id: string): string;
  label(id: string): string;
  status(id: string): string;
  title(id: string): string;
  tab(id: string): string;
  panel(id: string): string;
}

export function domIds(prefix: string): DomIds {
  return {
    field: (id) => `${prefix}field-${id}`,
    message: (id) => `${prefix}msg-${id}`,
    label: (id) => `${prefix}label-${id}`,
    status: (id) => `${prefix}status-${id}`,
    title: (id) => `${prefix}title-${id}`,
    tab: (id) => `${prefix}tab-${id}`,
    panel: (id) => `${prefix}panel-${id}`,
  };
}
