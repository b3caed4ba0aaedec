/** What other features use of carriers: the picker (offers, orders) and the modal. */
export { CarrierModal, type CarrierModalProps } from './components/CarrierModal.tsx';
export { CarrierPicker, type CarrierPickerProps, type CarrierRef } from './components/CarrierPicker.tsx';
export { CarriersPage } from './components/CarriersPage.tsx';
export { RecordMark } from './components/RecordMark.tsx';
