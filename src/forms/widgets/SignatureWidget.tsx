import { Box, Button, Group, Text, TextInput } from '@mantine/core';
import { useEffect, useRef, useState, type ChangeEvent, type PointerEvent } from 'react';
import { GroupFieldset } from './GroupFieldset';
import type { WidgetProps } from './types';
import { isDrawnSignature } from './values';

const WIDTH = 480;
const HEIGHT = 140;

/**
 * A signature: typed (the keyboard way; stores the name) or drawn on a canvas with a mouse, finger or pen (stores a
 * PNG data URL). The method buttons, the name field and Clear are all reachable by keyboard.
 */
export function SignatureWidget(props: WidgetProps) {
  const { id, label, description, state, disabled, readOnly, onChange, onBlur, labels } = props;
  const drawn = isDrawnSignature(state.value);
  const [method, setMethod] = useState<'type' | 'draw'>(drawn ? 'draw' : 'type');
  const locked = disabled || readOnly;
  return (
    <GroupFieldset id={id} label={label} description={description} error={state.error} required={state.required}>
      <Group gap="xs" mb="xs">
        <Button
          size="xs"
          variant={method === 'type' ? 'filled' : 'default'}
          aria-pressed={method === 'type'}
          onClick={() => setMethod('type')}
          disabled={locked}
        >
          {labels.signatureType}
        </Button>
        <Button
          size="xs"
          variant={method === 'draw' ? 'filled' : 'default'}
          aria-pressed={method === 'draw'}
          onClick={() => setMethod('draw')}
          disabled={locked}
        >
          {labels.signatureDraw}
        </Button>
      </Group>
      {method === 'type' ? (
        <>
          <TextInput
            id={`${id}-name`}
            label={labels.signatureTypeLabel}
            value={typeof state.value === 'string' && !drawn ? state.value : ''}
            onChange={(event: ChangeEvent<HTMLInputElement>) => onChange(event.currentTarget.value === '' ? undefined : event.currentTarget.value)}
            onBlur={onBlur}
            disabled={disabled}
            readOnly={readOnly}
            aria-invalid={state.error ? true : undefined}
            aria-describedby={state.error ? `${id}-error` : undefined}
            autoComplete="name"
          />
          {typeof state.value === 'string' && !drawn && state.value !== '' ? (
            <Text mt="xs" fz={28} ff="'Brush Script MT', 'Segoe Script', cursive" aria-hidden>
              {state.value}
            </Text>
          ) : null}
        </>
      ) : (
        <SignaturePad value={drawn ? state.value : null} onChange={onChange} onBlur={onBlur} locked={locked} labels={labels} />
      )}
    </GroupFieldset>
  );
}

function SignaturePad({
  value,
  onChange,
  onBlur,
  locked,
  labels,
}: {
  value: string | null;
  onChange: (value: unknown) => void;
  onBlur: () => void;
  locked: boolean;
  labels: WidgetProps['labels'];
}) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const drawing = useRef(false);
  // Whether the current gesture drew a line: a tap alone must not store a blank signature.
  const stroked = useRef(false);
  const shown = useRef<string | null>(null);

  useEffect(() => {
    // Paint a stored signature once (not the one just drawn, which is already there).
    const node = canvas.current;
    const context = node?.getContext('2d');
    if (!node || !context || value === shown.current) return;
    context.clearRect(0, 0, WIDTH, HEIGHT);
    shown.current = value;
    if (!value) return;
    const image = new Image();
    image.onload = () => context.drawImage(image, 0, 0);
    image.src = value;
  }, [value]);

  /** The end of a gesture (released or cancelled): stores the drawing when this gesture drew something. */
  const finish = (node: HTMLCanvasElement) => {
    if (!drawing.current) return;
    drawing.current = false;
    if (!stroked.current) return;
    stroked.current = false;
    const url = node.toDataURL('image/png');
    shown.current = url;
    onChange(url);
    onBlur();
  };

  const point = (event: PointerEvent<HTMLCanvasElement>) => {
    const rect = event.currentTarget.getBoundingClientRect();
    return {
      x: ((event.clientX - rect.left) * WIDTH) / (rect.width || WIDTH),
      y: ((event.clientY - rect.top) * HEIGHT) / (rect.height || HEIGHT),
    };
  };

  return (
    <Box>
      <canvas
        ref={canvas}
        width={WIDTH}
        height={HEIGHT}
        role="img"
        aria-label={value ? labels.signatureDrawn : labels.signaturePadLabel}
        style={{
          width: '100%',
          maxWidth: WIDTH,
          height: 'auto',
          aspectRatio: `${WIDTH} / ${HEIGHT}`,
          border: '1px solid var(--mantine-color-default-border)',
          borderRadius: 'var(--mantine-radius-sm)',
          background: 'white',
          touchAction: 'none',
          cursor: locked ? 'not-allowed' : 'crosshair',
        }}
        onPointerDown={(event) => {
          if (locked) return;
          const context = event.currentTarget.getContext('2d');
          if (!context) return;
          drawing.current = true;
          stroked.current = false;
          event.currentTarget.setPointerCapture?.(event.pointerId);
          const { x, y } = point(event);
          context.lineWidth = 2.5;
          context.lineCap = 'round';
          context.strokeStyle = '#111';
          context.beginPath();
          context.moveTo(x, y);
        }}
        onPointerMove={(event) => {
          if (!drawing.current) return;
          const context = event.currentTarget.getContext('2d');
          const { x, y } = point(event);
          if (!context) return;
          context.lineTo(x, y);
          context.stroke();
          stroked.current = true;
        }}
        onPointerUp={(event) => finish(event.currentTarget)}
        // A cancelled gesture (the browser took the touch for scrolling, the pen left) ends the stroke too; without
        // this the pad would keep drawing on later moves with no button pressed.
        onPointerCancel={(event) => finish(event.currentTarget)}
      />
      <Group mt="xs">
        <Button
          size="xs"
          variant="default"
          disabled={locked || !value}
          onClick={() => {
            canvas.current?.getContext('2d')?.clearRect(0, 0, WIDTH, HEIGHT);
            shown.current = null;
            onChange(undefined);
          }}
        >
          {labels.signatureClear}
        </Button>
      </Group>
    </Box>
  );
}
