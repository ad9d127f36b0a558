/**
 * A host's own widget kind, as a host would write it: a star rating (Mantine `Rating`) that stores a whole number
 * from 1 to 5. Registered with the `widgets` prop of `FormRenderer` / `FormInstanceViewer`; the layout names it
 * `star-rating`. Its texts are the host's own.
 */
import { Input, Rating, Text } from '@mantine/core';
import type { FormSchema } from '../../src/api/types';
import { ViewAnswer, type FormWidget, type ViewWidgetProps, type WidgetProps } from '../../src/forms';

const starLabel = (value: number) => `${value} of 5 stars`;

function StarRatingEdit({ id, label, description, state, disabled, readOnly, onChange, onBlur }: WidgetProps) {
  const describedBy = [state.error ? `${id}-error` : '', description ? `${id}-description` : ''].filter(Boolean).join(' ') || undefined;
  return (
    <fieldset id={id} aria-describedby={describedBy} aria-invalid={state.error ? true : undefined} style={{ border: 0, margin: 0, padding: 0, minWidth: 0 }}>
      <Input.Label component="legend" required={state.required} style={{ padding: 0 }}>
        {label}
      </Input.Label>
      {description ? <Input.Description id={`${id}-description`}>{description}</Input.Description> : null}
      <Rating
        name={id}
        value={typeof state.value === 'number' ? state.value : 0}
        count={5}
        readOnly={readOnly || disabled}
        getSymbolLabel={starLabel}
        onChange={(value) => onChange(value === 0 ? undefined : value)}
        onBlur={onBlur}
        my={4}
      />
      {state.error ? <Input.Error id={`${id}-error`}>{state.error}</Input.Error> : null}
    </fieldset>
  );
}

function StarRatingView({ id, label, value, labels }: ViewWidgetProps) {
  return (
    <ViewAnswer id={id} label={label}>
      {typeof value === 'number' ? (
        <>
          <Rating value={value} count={5} readOnly aria-hidden="true" />
          <Text size="sm">{starLabel(value)}</Text>
        </>
      ) : (
        <Text size="sm" c="dimmed">
          {labels.notAnswered}
        </Text>
      )}
    </ViewAnswer>
  );
}

/** The host's entry: what it stores (a number), what it may be bound to, its palette facts and its components. */
export const starRatingWidget: FormWidget = Object.freeze<FormWidget>({
  kind: 'star-rating',
  name: 'Star rating',
  value: 'number',
  types: ['integer', 'number'],
  formats: null,
  describes: 'a rating from 1 to 5',
  defaultField: { label: 'How would you rate it?' },
  defaultSchema: { type: 'integer', minimum: 1, maximum: 5 },
  properties: ['label', 'helpText', 'required', 'readOnly', 'visibleWhen', 'requiredWhen', 'pdfFieldName'],
  pdfFieldTypes: ['text'],
  icon: '★',
  Edit: StarRatingEdit,
  View: StarRatingView,
});

/**
 * The registry a host passes as `widgets` (module level, so it stays the same object; frozen, so that Storybook's
 * docgen, which takes it for a component, cannot add a `displayName` key to it).
 */
export const hostWidgets: Readonly<Record<string, FormWidget>> = Object.freeze({ 'star-rating': starRatingWidget });

/** A feedback form that uses the host's star rating beside a built-in widget. */
export function feedbackSchema(): FormSchema {
  const now = new Date(0);
  return {
    formSchemaId: 'feedback',
    formId: 'feedback-form',
    name: 'Feedback',
    version: 1,
    isPublic: true,
    isDeleted: false,
    createdDateTime: now,
    lastUpdatedDateTime: now,
    jsonSchema: {
      type: 'object',
      properties: { rating: { type: 'integer', minimum: 1, maximum: 5 }, comment: { type: 'string', maxLength: 500 } },
      required: ['rating'],
    },
    layout: {
      pages: [
        {
          id: 'page-1',
          title: 'Feedback',
          sections: [
            {
              id: 'feedback',
              title: 'Your visit',
              fields: [
                { id: 'rating', path: '/rating', widget: 'star-rating', label: 'How was your visit?' },
                { id: 'comment', path: '/comment', widget: 'textarea', label: 'Anything to add?' },
              ],
            },
          ],
        },
      ],
    },
  };
}
