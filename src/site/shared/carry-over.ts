/**
 * What a visitor did in a block's static markup before its code came (./near-block.tsx), carried over to the live
 * markup that replaces it: what was typed, chosen or ticked in its fields, and where the focus was (a field with its
 * caret). Loaded with a block's own code, never in the page's entry: 0.4 KB brotli there (measured against the build).
 */
type Field = HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement;
/** A field's state as the visitor left it: only what he changed (a field as rendered is left to the live markup). */
type FieldValue = { value?: string; checked?: boolean } | undefined;

export interface Left {
  fields: FieldValue[];
  /** The focused element's place among the block's focusable ones (-1: none), and a field's caret. */
  focus: number;
  selection?: [number, number];
}

const focusables = (root: HTMLElement | null): HTMLElement[] => [
  ...(root?.querySelectorAll<HTMLElement>('a[href], button, input:not([type="hidden"]), select, textarea, [tabindex="0"]') ?? []),
];

const fields = (root: HTMLElement | null): Field[] => [...(root?.querySelectorAll<Field>('input:not([type="hidden"]), select, textarea') ?? [])];

function valueOf(field: Field): FieldValue {
  if (field instanceof HTMLInputElement && (field.type === 'checkbox' || field.type === 'radio'))
    return field.checked === field.defaultChecked ? undefined : { checked: field.checked };
  if (field instanceof HTMLSelectElement) return [...field.options].every((o) => o.selected === o.defaultSelected) ? undefined : { value: field.value };
  return field.value === field.defaultValue ? undefined : { value: field.value };
}

/** The static markup under `root` as the visitor has left it. */
export function leftIn(root: HTMLElement | null): Left {
  const active = document.activeElement as HTMLElement;
  const left: Left = { fields: fields(root).map(valueOf), focus: focusables(root).indexOf(active) };
  try {
    if (active instanceof HTMLInputElement && active.selectionStart !== null)
      left.selection = [active.selectionStart, active.selectionEnd ?? active.selectionStart];
  } catch {
    // Fields without a caret (e-mail in some browsers) say so by throwing.
  }
  return left;
}

/** Sets the live markup under `root` as the visitor left the static one: its fields, then the focus and caret. */
export function carryOver(root: HTMLElement | null, left: Left): void {
  fields(root).forEach((field, i) => {
    const state = left.fields[i];
    if (state) setAsVisitor(field, state);
  });
  const target = focusables(root)[left.focus];
  if (!target) return;
  target.focus({ preventScroll: true });
  if (left.selection && target instanceof HTMLInputElement) target.setSelectionRange(...left.selection);
}

/** Sets a live field as the visitor would have (the input and change events that React's own handlers listen to). */
function setAsVisitor(field: Field, state: NonNullable<FieldValue>) {
  const proto = Object.getPrototypeOf(field) as object;
  if (state.checked !== undefined) {
    if (field instanceof HTMLInputElement && field.checked !== state.checked) field.click();
    return;
  }
  Object.getOwnPropertyDescriptor(proto, 'value')?.set?.call(field, state.value);
  field.dispatchEvent(new Event('input', { bubbles: true }));
  field.dispatchEvent(new Event('change', { bubbles: true }));
}
