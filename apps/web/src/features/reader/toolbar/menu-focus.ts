/**
 * A toolbar menu's onCloseAutoFocus: focus goes where a click or Tab put it; otherwise (Escape, a choice,
 * a click on nothing focusable) back to the menu's button.
 */
export function focusButtonUnlessMoved(event: Event, button: HTMLButtonElement | null): void {
  event.preventDefault();
  const focused = document.activeElement;
  if (focused === null || focused === document.body) button?.focus();
}
