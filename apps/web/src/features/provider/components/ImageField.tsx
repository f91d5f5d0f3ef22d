import { Button, Group, Stack, Text } from '@mantine/core';
import { useId, useRef, useState } from 'react';

/** The image a form sends: undefined keeps the held one, null removes it, a data URL replaces it. */
export type ImageChoice = string | null | undefined;

const accepted = 'image/svg+xml,image/png';
const maxBytes = 200 * 1024;

/** An SVG or PNG chosen from a file, shown before it is saved (the server checks and sanitizes it again). */
export function ImageField({
  label,
  held,
  value,
  onChange,
}: {
  label: string;
  held: string | null;
  value: ImageChoice;
  onChange: (next: ImageChoice) => void;
}) {
  const input = useRef<HTMLInputElement>(null);
  const id = useId();
  const [problem, setProblem] = useState<string | null>(null);
  const shown = value === undefined ? held : value;

  const choose = (file: File | undefined) => {
    setProblem(null);
    if (!file) return;
    if (!accepted.split(',').includes(file.type)) return setProblem('The image should be an SVG or PNG file.');
    if (file.size > maxBytes) return setProblem('The image should be at most 200 KB.');
    const reader = new FileReader();
    reader.onload = () => onChange(String(reader.result));
    reader.readAsDataURL(file);
  };

  return (
    <Stack gap={4}>
      <Text component="label" htmlFor={id} size="sm" fw={500}>
        {label} (SVG or PNG, at most 200 KB)
      </Text>
      <input
        ref={input}
        id={id}
        type="file"
        accept={accepted}
        onChange={(event) => choose(event.currentTarget.files?.[0])}
        aria-describedby={problem ? `${id}-problem` : undefined}
      />
      {problem ? (
        <Text id={`${id}-problem`} size="xs" c="red.8" role="alert">
          {problem}
        </Text>
      ) : null}
      <Group gap="xs">
        {shown ? (
          <img src={shown} alt={`${label} preview`} style={{ height: 40, width: 'auto', maxWidth: 160 }} />
        ) : (
          <Text size="xs" c="dimmed">
            None: the portal's own mark
          </Text>
        )}
        {shown ? (
          <Button
            variant="subtle"
            size="xs"
            onClick={() => {
              onChange(null);
              if (input.current) input.current.value = '';
            }}
          >
            Remove {label.toLowerCase()}
          </Button>
        ) : null}
      </Group>
    </Stack>
  );
}
