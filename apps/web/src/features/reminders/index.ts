/** Issue 26: an invoice's payment reminders (the section of its payments window) and their texts. */
export { InvoiceReminders } from './InvoiceReminders.tsx';
export { remindersUiMessages } from './messages.ts';
