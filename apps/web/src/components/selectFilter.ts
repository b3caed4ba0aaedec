import type { ComboboxItem, ComboboxParsedItem, OptionsFilter } from '@mantine/core';

/** Lower case without Polish (or other) accents: 'Łódź' -> 'lodz'. */
const fold = (text: string) =>
  text
    .toLowerCase()
    .replace(/ł/g, 'l')
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '');

const isItem = (item: ComboboxParsedItem): item is ComboboxItem => !('group' in item);

/**
 * What people type into a searchable select: a part of the label without minding case or accents ('niem', 'lodz'),
 * or the option's code ('DE', 'de' finds Niemcy). An exact code comes first.
 */
export const codeOrLabelFilter: OptionsFilter = ({ options, search }) => {
  const needle = fold(search.trim());
  if (!needle) return options;
  const exact: ComboboxParsedItem[] = [];
  const partial: ComboboxParsedItem[] = [];
  for (const option of options) {
    if (!isItem(option)) {
      partial.push(option);
      continue;
    }
    if (fold(option.value) === needle) exact.push(option);
    else if (fold(option.label).includes(needle)) partial.push(option);
  }
  return [...exact, ...partial];
};
