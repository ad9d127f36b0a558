import { Box, Stepper } from '@mantine/core';
import { useFitsInline } from './useFitsInline';

/** Props of {@link FormStepper}. */
export interface FormStepperProps {
  /** The pages' ids and titles, in order. */
  pages: readonly { id: string; title: string }[];
  /** The index of the page shown. */
  active: number;
  /** Called with the index of a step the user picked (only earlier steps can be picked). */
  onStepClick: (index: number) => void;
}

// A connector stays a visible line between two steps; steps give up width by wrapping their titles instead.
const STEPPER_STYLES = { separator: { minWidth: 'calc(1.5rem * var(--mantine-scale))' } } as const;

/**
 * The steps of a multi-page form on one row, or nothing where that row does not fit the form (a phone, long page
 * titles): there the "Step 2 of 5" line under the page title says where the user is, and no steps wrap onto rows
 * with stray connector lines.
 */
export function FormStepper({ pages, active, onStepClick }: FormStepperProps) {
  const { containerRef, contentRef, fits } = useFitsInline<HTMLDivElement, HTMLDivElement>(pages.map((p) => p.title).join('\n'));
  return (
    <Box ref={containerRef} mb={fits ? 'lg' : undefined}>
      {fits ? (
        <Stepper
          ref={contentRef}
          active={active}
          onStepClick={onStepClick}
          allowNextStepsSelect={false}
          size="sm"
          wrap={false}
          styles={STEPPER_STYLES}
        >
          {pages.map((p) => (
            <Stepper.Step key={p.id} label={p.title} />
          ))}
        </Stepper>
      ) : null}
    </Box>
  );
}
