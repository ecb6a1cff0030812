import { useRef, useState, type FocusEvent, type KeyboardEvent } from 'react';
import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { Check, ChevronDown } from 'lucide-react';
import { formatZoomPercent, PAGE_FIT, PRESET_SCALES, type ZoomSetting } from '../model/index.ts';
import { focusButtonUnlessMoved } from './menu-focus.ts';

interface ZoomPreset {
  setting: ZoomSetting;
  label: string;
}

/** docs/product.md §9: page fit (the default) and the preset levels, in the order the menu lists them. */
const PRESETS: readonly ZoomPreset[] = [
  { setting: PAGE_FIT, label: 'Page fit' },
  ...PRESET_SCALES.map((scale) => ({ setting: scale, label: `${formatZoomPercent(scale)}%` })),
];

interface ZoomPresetMenuProps {
  /** The zoom chosen: page fit, or a scale (a preset's item is checked only when it equals the scale). */
  setting: ZoomSetting;
  onChoose: (setting: ZoomSetting) => void;
}

/**
 * A menu button with the zoom presets: Radix's dropdown menu (WAI-ARIA menu button pattern, radio items),
 * non-modal so the page around it stays as it is. The arrow keys, Home and End move between items (round
 * the ends), Enter or a click chooses one; Escape, a click elsewhere, Tab or choosing closes the menu. It
 * opens on the checked item (ArrowUp on the button: the last one), and closing puts focus back on its
 * button unless a click or Tab put it elsewhere. The keys it handles are marked handled, so the reader's
 * arrow-key page turns do not fire as well.
 */
export function ZoomPresetMenu({ setting, onChoose }: ZoomPresetMenuProps) {
  const [open, setOpen] = useState(false);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const itemRefs = useRef<(HTMLDivElement | null)[]>([]);
  // The item to focus as the menu opens: the checked one (else the first), the last after ArrowUp.
  const focusOnOpen = useRef<number | null>(null);
  const checkedIndex = PRESETS.findIndex((preset) => preset.setting === setting);

  function openAt(index: number) {
    focusOnOpen.current = index;
    setOpen(true);
  }

  function onOpenChange(next: boolean) {
    if (next) openAt(Math.max(checkedIndex, 0));
    else setOpen(false);
  }

  function onButtonKeyDown(event: KeyboardEvent<HTMLButtonElement>) {
    // Radix opens on Enter, Space and ArrowDown; ArrowUp opens at the end, as the menu button pattern has it.
    if (event.key === 'ArrowUp') {
      event.preventDefault();
      openAt(PRESETS.length - 1);
    }
  }

  // Radix focuses the menu itself as it opens (and then, opened from the keyboard, its first item): the item
  // wanted is focused instead. Marked handled, the event does not go on to Radix's first-item focus.
  function onMenuFocus(event: FocusEvent<HTMLDivElement>) {
    const at = focusOnOpen.current;
    if (event.target !== event.currentTarget || at === null) return;
    focusOnOpen.current = null;
    event.preventDefault();
    itemRefs.current[at]?.focus({ preventScroll: true });
  }

  // Radix keeps Tab inside a menu; here it leaves it, as a menu button's menu should, and the menu closes
  // as focus goes out of it. (Stopped here, it does not reach the menu's own handler, which would cancel it.)
  function onItemsKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    if (event.key === 'Tab') event.stopPropagation();
  }

  return (
    <div className="zoom-presets">
      <DropdownMenu.Root open={open} onOpenChange={onOpenChange} modal={false}>
        <DropdownMenu.Trigger
          ref={buttonRef}
          className="icon-button zoom-presets__button"
          aria-label="Zoom presets"
          title="Zoom presets"
          onKeyDown={onButtonKeyDown}
        >
          <ChevronDown size={16} aria-hidden="true" />
        </DropdownMenu.Trigger>
        {/* In the toolbar, not a portal: Tab goes on from it to the toolbar's next control. */}
        <DropdownMenu.Content
          className="zoom-presets__menu"
          side="bottom"
          align="start"
          sideOffset={4}
          avoidCollisions={false}
          loop
          onFocus={onMenuFocus}
          onCloseAutoFocus={(event) => focusButtonUnlessMoved(event, buttonRef.current)}
        >
          <DropdownMenu.RadioGroup
            className="zoom-presets__items"
            value={checkedIndex >= 0 ? String(checkedIndex) : ''}
            onKeyDown={onItemsKeyDown}
          >
            {PRESETS.map((preset, index) => (
              <DropdownMenu.RadioItem
                key={preset.label}
                ref={(item) => {
                  itemRefs.current[index] = item;
                }}
                value={String(index)}
                className="zoom-presets__item"
                onSelect={() => onChoose(preset.setting)}
              >
                <span className="zoom-presets__check">
                  {index === checkedIndex && <Check size={14} aria-hidden="true" />}
                </span>
                {preset.label}
              </DropdownMenu.RadioItem>
            ))}
          </DropdownMenu.RadioGroup>
        </DropdownMenu.Content>
      </DropdownMenu.Root>
    </div>
  );
}
