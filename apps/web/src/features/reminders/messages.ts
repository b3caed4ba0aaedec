/** Issue 26: the texts of an invoice's payment reminders. */
export const remindersUiMessages = {
  title: 'Przypomnienia',
  none: 'Nie wysłano jeszcze żadnego przypomnienia.',
  listLabel: 'Wysłane przypomnienia',
  sendNow: 'Wyślij przypomnienie teraz',
  sendError: 'wysyłania przypomnienia',
  sent: 'Przypomnienie zostało wysłane.',
  paidHint: 'Faktura jest opłacona – przypomnienia nie są wysyłane.',
  columns: { step: 'Krok', sentAt: 'Wysłano', to: 'Do', subject: 'Temat', due: 'Do zapłaty', how: 'Sposób' },
  manual: 'ręcznie',
  automatic: 'automatycznie',
} as const;
