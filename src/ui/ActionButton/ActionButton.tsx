import { Button, Loader, Tooltip, VisuallyHidden, useProps, type ButtonProps, type ElementProps } from '@mantine/core';
import { useId } from '@mantine/hooks';
import type { MouseEvent } from 'react';

/** Whether an action may be used now, and if not, why (react-admin's `{ can, reason }`). */
export interface ActionAccess {
  /** True when the action may be used. */
  can: boolean;
  /** Why it may not, in words for the user, e.g. "You need the permission 'Claim_ManageClaimGroups' for this.". */
  reason?: string;
  /** Whether the answer is not known yet (e.g. the user's permissions are loading): not allowed, not denied either. */
  pending?: boolean;
}

/** Props of {@link ActionButton}. */
export interface ActionButtonProps extends ButtonProps, ElementProps<'button', keyof ButtonProps> {
  /**
   * Whether the action is available. When it is not, the button stays focusable but inert (`aria-disabled`), shows
   * the reason as its tooltip and carries it as its accessible description.
   * @default { can: true }
   */
  access?: ActionAccess;
  /**
   * Shows the action as running: inert and busy, but still focused, so focus can return to it afterwards.
   * @default false
   */
  loading?: boolean;
  /**
   * Hides the button instead of disabling it when the action is not available.
   * @default false
   */
  hideWhenDenied?: boolean;
}

const defaultProps = {
  access: { can: true },
  hideWhenDenied: false,
} satisfies Partial<ActionButtonProps>;

/**
 * A button that renders an action's `{ can, reason }`: enabled, disabled with the reason (as tooltip and accessible
 * description), or hidden. A disabled one keeps its focus, so focus can return to it after a dialog it opened.
 */
export function ActionButton(props: ActionButtonProps) {
  const { access, hideWhenDenied, onClick, loading, leftSection, ...others } = useProps(
    'ActionButton',
    defaultProps,
    props,
  );
  const reasonId = useId();
  if (!access.can && hideWhenDenied) return null;
  // Busy is shown without Mantine's `loading`, which sets `disabled` and so drops the keyboard focus.
  const denied = !access.can || !!loading;
  const reason = access.can ? undefined : access.reason;
  const button = (
    <Button
      {...others}
      leftSection={loading ? <Loader size="xs" color="currentColor" aria-hidden /> : leftSection}
      data-disabled={denied || undefined}
      aria-disabled={denied || undefined}
      aria-busy={loading || undefined}
      aria-describedby={reason ? reasonId : others['aria-describedby']}
      onClick={(event: MouseEvent<HTMLButtonElement>) => {
        // Also stops a submit button from submitting its form.
        if (denied) event.preventDefault();
        else onClick?.(event);
      }}
    />
  );
  // One tree shape whatever the state: a button that remounted would lose the focus a dialog returns to it.
  return (
    <>
      <Tooltip label={reason} disabled={!reason} multiline maw={320} withArrow>
        {button}
      </Tooltip>
      {reason && <VisuallyHidden id={reasonId}>{reason}</VisuallyHidden>}
    </>
  );
}

ActionButton.displayName = '@ccq/forms-admin/ActionButton';
