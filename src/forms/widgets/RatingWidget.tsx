import { Rating } from '@mantine/core';
import type { CompiledField } from '../../engine/compile';
import type { FormLabels } from '../labels';
import { ratingStarCount, ratingText } from '../../engine/widget-kinds';
import { GroupFieldset } from './GroupFieldset';
import type { LiteRenderer } from './LiteField';
import type { WidgetProps } from './types';

/** The outline of every star: gray.6 on a light page (3.3:1 on white), dark.2 on a dark one. */
const STAR_OUTLINE = 'light-dark(var(--mantine-color-gray-6), var(--mantine-color-dark-2))';

/** The number of stars of a rating: the `maximum` of its path (5 when the schema says none). */
export const starCount = (cf: CompiledField): number => ratingStarCount(cf.info);

/** A rating's words: "4 of 5 stars" (each star's name, and the answer in view mode). */
export const starsText = (labels: FormLabels, value: unknown, max: number): string => ratingText(labels.ratingStars, value, max);

/**
 * `rating`: a whole number of stars, from 1 to the `maximum` of its path, as a group of radio buttons drawn as stars
 * (Mantine `Rating`) in a fieldset whose legend is the label. Each star is named "3 of 5 stars". The arrow keys
 * choose the next or previous star as in any radio group (Mantine's own rating only previews a star chosen so, and
 * stores it on Space or Enter: the radio a screen reader announces as checked would not be the answer); a click or
 * a tap on a star chooses it. Before the first star sits the rating's own radio of no star ("Not answered"), where
 * the arrow keys start and which takes the answer back.
 */
export function RatingWidget({ cf, id, label, description, state, disabled, readOnly, onChange, onBlur, labels }: WidgetProps) {
  const max = starCount(cf);
  return (
    <GroupFieldset id={id} label={label} description={description} error={state.error} required={state.required}>
      <Rating
        name={id}
        count={max}
        value={typeof state.value === 'number' ? state.value : 0}
        readOnly={readOnly || disabled}
        getSymbolLabel={(value) => (value === 0 ? labels.notAnswered : starsText(labels, value, max))}
        onChange={(value) => onChange(value || undefined)}
        onChangeCapture={(event) => {
          const star = Number((event.target as HTMLInputElement).value);
          if (!readOnly && !disabled && Number.isInteger(star)) onChange(star || undefined);
        }}
        onBlur={onBlur}
        size="lg"
        // Each star outlined at 3:1 against the page, so the stars not chosen can be seen (Mantine draws them in
        // gray.3, 1.3:1 on white).
        styles={{ starSymbol: { stroke: STAR_OUTLINE } }}
      />
    </GroupFieldset>
  );
}

/**
 * The light stand-in of a rating while a long form mounts progressively: one native radio button per star in a row,
 * each named "3 of 5 stars", in the fieldset the rating becomes.
 */
export const liteRating: LiteRenderer = ({ cf, id, state, disabled, readOnly, onChange, labels }, { common, fieldset }) => {
  const max = starCount(cf);
  const stars = [];
  for (let n = 1; n <= max; n++) {
    stars.push(
      <input
        key={n}
        type="radio"
        id={`${id}-${n}`}
        name={id}
        checked={state.value === n}
        disabled={disabled}
        aria-label={starsText(labels, n, max)}
        onFocus={common.onFocus}
        onBlur={common.onBlur}
        onChange={() => {
          if (!readOnly) onChange(n);
        }}
      />,
    );
  }
  return fieldset(<div style={{ display: 'flex', gap: 8 }}>{stars}</div>);
};
