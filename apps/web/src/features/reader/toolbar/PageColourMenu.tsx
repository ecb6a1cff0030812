import { useRef } from 'react';
import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { Check, SunMoon } from 'lucide-react';
import { PAGE_COLOURS, type PageColours } from '@threadbook/contracts';
import { focusButtonUnlessMoved } from './menu-focus.ts';

export const PageColourText = {
  button: 'Page colour',
  names: { normal: 'Normal', sepia: 'Sepia', dark: 'Dark' } satisfies Record<PageColours, string>,
} as const;

interface PageColourMenuProps {
  colours: PageColours;
  onChoose(colours: PageColours): void;
}

/**
 * Night reading (issue 34): the page colours, normal, sepia or dark, as a menu button (Radix's dropdown
 * menu, radio items), like the zoom presets. The choice is the user's preference, kept on the server.
 */
export function PageColourMenu({ colours, onChoose }: PageColourMenuProps) {
  const buttonRef = useRef<HTMLButtonElement>(null);
  return (
    <DropdownMenu.Root modal={false}>
      <DropdownMenu.Trigger
        ref={buttonRef}
        className="icon-button"
        aria-label={PageColourText.button}
        title={PageColourText.button}
      >
        <SunMoon size={18} aria-hidden="true" />
      </DropdownMenu.Trigger>
      <DropdownMenu.Content
        className="zoom-presets__menu"
        side="bottom"
        align="end"
        sideOffset={4}
        loop
        onCloseAutoFocus={(event) => focusButtonUnlessMoved(event, buttonRef.current)}
      >
        <DropdownMenu.RadioGroup
          className="zoom-presets__items"
          value={colours}
          onValueChange={(value) => onChoose(value as PageColours)}
        >
          {PAGE_COLOURS.map((choice) => (
            <DropdownMenu.RadioItem key={choice} value={choice} className="zoom-presets__item">
              <span className="zoom-presets__check">
                {choice === colours && <Check size={14} aria-hidden="true" />}
              </span>
              {PageColourText.names[choice]}
            </DropdownMenu.RadioItem>
          ))}
        </DropdownMenu.RadioGroup>
      </DropdownMenu.Content>
    </DropdownMenu.Root>
  );
}
