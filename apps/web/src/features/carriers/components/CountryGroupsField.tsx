import { Button, Checkbox, Fieldset, Group, Input, SimpleGrid, Stack, Text } from '@mantine/core';
import { countryName } from '@spedycja/domain';
import type { ReactNode } from 'react';
import { carriersMessages } from '../messages.ts';
import {
  COUNTRY_GROUP_VIEWS,
  deselectCountries,
  GROUPED_COUNTRIES,
  selectCountries,
  toggleCountry,
  ungroupedCountries,
} from './countryGroups.ts';

const t = carriersMessages.countries;

export type CountryGroupsFieldProps = {
  label: string;
  value: string[];
  onChange: (codes: string[]) => void;
  error?: ReactNode;
};

function CountryChecks({
  codes,
  value,
  onChange,
}: {
  codes: string[];
  value: string[];
  onChange: (v: string[]) => void;
}) {
  const chosen = new Set(value);
  return (
    <Stack gap={6}>
      {codes.map((code) => (
        <Checkbox
          key={code}
          size="xs"
          label={countryName(code)}
          checked={chosen.has(code)}
          onChange={(event) => onChange(toggleCountry(value, code, event.currentTarget.checked))}
        />
      ))}
    </Stack>
  );
}

/**
 * The countries a carrier serves, by the four regional groups (SPEC §9): a checkbox per country,
 * 'Zaznacz wszystkie' / 'Odznacz wszystkie' per group and for all of them.
 */
export function CountryGroupsField({ label, value, onChange, error }: CountryGroupsFieldProps) {
  const others = ungroupedCountries(value);
  return (
    <Input.Wrapper mt="md" label={label} labelElement="div" error={error} role="group" aria-label={label}>
      <Group gap="xs" my={6}>
        <Text size="sm" c="dimmed">
          {t.selected(value.length - others.length, GROUPED_COUNTRIES.length)}
        </Text>
        <Button size="compact-xs" variant="light" onClick={() => onChange(selectCountries(value, GROUPED_COUNTRIES))}>
          {t.selectAll}
        </Button>
        <Button
          size="compact-xs"
          variant="default"
          onClick={() => onChange(deselectCountries(value, GROUPED_COUNTRIES))}
        >
          {t.deselectAll}
        </Button>
      </Group>
      <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="sm">
        {COUNTRY_GROUP_VIEWS.map((group) => {
          const chosen = group.countries.filter((code) => value.includes(code)).length;
          return (
            <Fieldset
              key={group.id}
              legend={`${group.name} (${t.selected(chosen, group.countries.length)})`}
              variant="filled"
              p="xs"
            >
              <Group gap={4} mb="xs">
                <Button
                  size="compact-xs"
                  variant="light"
                  aria-label={t.selectGroup(group.name)}
                  onClick={() => onChange(selectCountries(value, group.countries))}
                >
                  {t.selectAll}
                </Button>
                <Button
                  size="compact-xs"
                  variant="default"
                  aria-label={t.deselectGroup(group.name)}
                  onClick={() => onChange(deselectCountries(value, group.countries))}
                >
                  {t.deselectAll}
                </Button>
              </Group>
              <CountryChecks codes={group.countries} value={value} onChange={onChange} />
            </Fieldset>
          );
        })}
      </SimpleGrid>
      {others.length > 0 && (
        <Fieldset legend={t.others} variant="filled" p="xs" mt="sm">
          <CountryChecks codes={others} value={value} onChange={onChange} />
        </Fieldset>
      )}
    </Input.Wrapper>
  );
}
