import { Group, Text, UnstyledButton, useMantineColorScheme, type MantineColorScheme } from '@mantine/core';

import classes from './UserMenu.module.css';

const choices: { value: MantineColorScheme; label: string }[] = [
  { value: 'auto', label: 'System' },
  { value: 'light', label: 'Light' },
  { value: 'dark', label: 'Dark' },
];

/** The user menu's appearance switch: the system's setting (the default), light or dark, kept per browser. */
export function ColorSchemeChoice() {
  const { colorScheme, setColorScheme } = useMantineColorScheme();
  return (
    <div role="group" aria-labelledby="color-scheme-label" className={classes.schemes}>
      <Text size="xs" c="dimmed" id="color-scheme-label">
        Appearance
      </Text>
      <Group gap={4} wrap="nowrap">
        {choices.map((choice) => (
          <UnstyledButton
            key={choice.value}
            className={classes.scheme}
            aria-pressed={colorScheme === choice.value}
            onClick={() => setColorScheme(choice.value)}
          >
            {choice.label}
          </UnstyledButton>
        ))}
      </Group>
    </div>
  );
}
