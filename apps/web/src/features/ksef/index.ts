export { downloadUpo, useDownloadUpo, useSendToKsef } from './api/ksef.ts';
export { CarrierInvoiceNote } from './components/CarrierInvoiceNote.tsx';
export { KsefSettingsSection } from './components/KsefSettingsSection.tsx';
export { KsefStatusCell } from './components/KsefStatusCell.tsx';
export { ksefUiMessages } from './messages.ts';
