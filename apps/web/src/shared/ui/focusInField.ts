/**
 * True while the focus is in a form field. A server-rendered page goes live after the visitor may have started typing
 * (decision 2100): a form focuses its first field on start only when the visitor is not in one already.
 */
export function focusInField(doc: Document = document): boolean {
  const focused = doc.activeElement;
  return !!focused && (['INPUT', 'TEXTAREA', 'SELECT'].includes(focused.tagName) || (focused as HTMLElement).isContentEditable);
}
