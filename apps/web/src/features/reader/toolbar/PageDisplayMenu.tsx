import { useRef } from 'react';
import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { Check, SunMoon } from 'lucide-react';
import { PAGE_COLOURS, type PageColours, type ReaderPreferences } from '@threadbook/contracts';
import { focusButtonUnlessMoved } from './menu-focus.ts';

export const PageDisplayText = {
  button: 'Page display',
  colours: 'Page colour',
  names: { normal: 'Normal', sepia: 'Sepia', dark: 'Dark' } satisfies Record<PageColours, string>,
  definedTerms: 'Underline defined terms',
} as const;

/** The preferences this menu sets. */
export type PageDisplay = Pick<ReaderPreferences, 'pageColours' | 'definedTerms'>;

interface PageDisplayMenuProps {
  display: PageDisplay;
  onChange(change: Partial<PageDisplay>): void;
}

/**
 * How pages are shown (issue 34), as a menu button (Radix's dropdown menu) like the zoom presets: the page
 * colours, normal, sepia or dark (radio items), and whether defined terms are underlined with their cards
 * on hover (a checkbox item). The choices are the user's preferences, kept on the server.
 */
export function PageDisplayMenu({ display, onChange }: PageDisplayMenuProps) {
  const buttonRef = useRef<HTMLButtonElement>(null);
  return (
    <DropdownMenu.Root modal={false}>
      <DropdownMenu.Trigger
        ref={buttonRef}
        className="icon-button"
        aria-label={PageDisplayText.button}
        title={PageDisplayText.button}
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
        <DropdownMenu.Label className="zoom-presets__label">{PageDisplayText.colours}</DropdownMenu.Label>
        <DropdownMenu.RadioGroup
          className="zoom-presets__items"
          aria-label={PageDisplayText.colours}
          value={display.pageColours}
          onValueChange={(value) => onChange({ pageColours: value as PageColours })}
        >
          {PAGE_COLOURS.map((choice) => (
            <DropdownMenu.RadioItem key={choice} value={choice} className="zoom-presets__item">
              <span className="zoom-presets__check">
                {choice === display.pageColours && <Check size={14} aria-hidden="true" />}
              </span>
              {PageDisplayText.names[choice]}
            </DropdownMenu.RadioItem>
          ))}
        </DropdownMenu.RadioGroup>
        <DropdownMenu.Separator className="zoom-presets__separator" />
        <DropdownMenu.CheckboxItem
          className="zoom-presets__item"
          checked={display.definedTerms}
          onCheckedChange={(checked) => onChange({ definedTerms: checked })}
        >
          <span className="zoom-presets__check">
            {display.definedTerms && <Check size={14} aria-hidden="true" />}
          </span>
          {PageDisplayText.definedTerms}
        </DropdownMenu.CheckboxItem>
      </DropdownMenu.Content>
    </DropdownMenu.Root>
  );
}
