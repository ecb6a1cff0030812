/**
 * Whether a pointer coming onto something is a plain hover, which may show what it describes (a reference's
 * preview, an anchor's tooltip): a mouse or pen with no button held. A touch shows such things on a tap,
 * and a drag that selects words passes over them on its way (what opened over the page would take the
 * drag's end).
 */
export function isPlainHover(event: { pointerType: string; buttons: number }): boolean {
  return event.pointerType !== 'touch' && event.buttons === 0;
}
