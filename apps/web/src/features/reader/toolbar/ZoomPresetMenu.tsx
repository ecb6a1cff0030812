import { useEffect, useId, useRef, useState, type FocusEvent, type KeyboardEvent } from 'react';
import { Check, ChevronDown } from 'lucide-react';
import { formatZoomPercent, PAGE_FIT, PRESET_SCALES, type ZoomSetting } from '../model/index.ts';

interface ZoomPreset {
  setting: ZoomSetting;
  label: string;
}

/** SPEC §9: page fit (the default) and the preset levels, in the order the menu lists them. */
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
 * A menu button with the zoom presets (WAI-ARIA menu button pattern, radio items). The arrow keys, Home
 * and End move between items, Enter or a click chooses one; Escape, a click elsewhere or choosing closes
 * the menu and puts focus back on its button. The keys it handles are marked handled, so the reader's
 * arrow-key page turns do not fire as well.
 */
export function ZoomPresetMenu({ setting, onChoose }: ZoomPresetMenuProps) {
  const buttonId = useId();
  const menuId = useId();
  // The item to focus when the menu opens; null while it is closed.
  const [openAt, setOpenAt] = useState<number | null>(null);
  const open = openAt !== null;
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const itemRefs = useRef<(HTMLButtonElement | null)[]>([]);
  const checkedIndex = PRESETS.findIndex((preset) => preset.setting === setting);

  useEffect(() => {
    if (openAt !== null) itemRefs.current[openAt]?.focus();
  }, [openAt]);

  useEffect(() => {
    if (!open) return;
    const onPointerDown = (event: PointerEvent) => {
      if (event.target instanceof Node && rootRef.current?.contains(event.target)) return;
      setOpenAt(null);
      // Focus goes where the click put it; a click on nothing focusable would leave it on the page body.
      // (After the click's own focus change; harmless if the toolbar is gone by then.)
      setTimeout(() => {
        if (document.activeElement === null || document.activeElement === document.body) {
          buttonRef.current?.focus();
        }
      });
    };
    document.addEventListener('pointerdown', onPointerDown, true);
    return () => document.removeEventListener('pointerdown', onPointerDown, true);
  }, [open]);

  function close() {
    setOpenAt(null);
    buttonRef.current?.focus();
  }

  function choose(preset: ZoomPreset) {
    onChoose(preset.setting);
    close();
  }

  function onButtonKeyDown(event: KeyboardEvent<HTMLButtonElement>) {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      setOpenAt(event.key === 'ArrowUp' ? PRESETS.length - 1 : Math.max(checkedIndex, 0));
    }
  }

  function onMenuKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    const current = itemRefs.current.findIndex((item) => item === document.activeElement);
    const last = PRESETS.length - 1;
    let next: number;
    if (event.key === 'ArrowDown') next = current >= last ? 0 : current + 1;
    else if (event.key === 'ArrowUp') next = current <= 0 ? last : current - 1;
    else if (event.key === 'Home') next = 0;
    else if (event.key === 'End') next = last;
    else if (event.key === 'Escape') {
      event.preventDefault();
      close();
      return;
    } else return;
    event.preventDefault();
    itemRefs.current[next]?.focus();
  }

  // Tabbing away closes the menu; focus moving inside it (or to nowhere, the window losing focus) does not.
  function onBlur(event: FocusEvent<HTMLDivElement>) {
    const to = event.relatedTarget;
    if (to instanceof Node && !event.currentTarget.contains(to)) setOpenAt(null);
  }

  return (
    <div className="zoom-presets" ref={rootRef} onBlur={onBlur}>
      <button
        type="button"
        id={buttonId}
        ref={buttonRef}
        className="icon-button zoom-presets__button"
        aria-label="Zoom presets"
        title="Zoom presets"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        onClick={() => setOpenAt(open ? null : Math.max(checkedIndex, 0))}
        onKeyDown={onButtonKeyDown}
      >
        <ChevronDown size={16} aria-hidden="true" />
      </button>
      {open && (
        <div
          className="zoom-presets__menu"
          id={menuId}
          role="menu"
          aria-labelledby={buttonId}
          onKeyDown={onMenuKeyDown}
        >
          {PRESETS.map((preset, index) => {
            const checked = index === checkedIndex;
            return (
              <button
                key={preset.label}
                ref={(item) => {
                  itemRefs.current[index] = item;
                }}
                type="button"
                role="menuitemradio"
                aria-checked={checked}
                tabIndex={-1}
                className="zoom-presets__item"
                onClick={() => choose(preset)}
              >
                <span className="zoom-presets__check">
                  {checked && <Check size={14} aria-hidden="true" />}
                </span>
                {preset.label}
              </button>
            );
          })}
        </div>
      )}
    </div>
  );
}
