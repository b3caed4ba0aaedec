/** What other features use of customers: the picker (queries, orders) and the modal. */

export { getCustomer } from './api/getCustomer.ts';
export { CustomerModal, type CustomerModalProps } from './components/CustomerModal.tsx';
export {
  CustomerPicker,
  type CustomerPickerProps,
  type CustomerRef,
  FormCustomerPicker,
} from './components/CustomerPicker.tsx';
export { CustomersPage } from './components/CustomersPage.tsx';
