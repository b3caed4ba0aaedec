export { CarrierOrderFields } from './components/CarrierOrderFields.tsx';
export { emptyOcpForm, OcpFields, type OcpForm, type OcpFormValues, ocpToForm } from './components/OcpFields.tsx';
export { RegistryPanel } from './components/RegistryPanel.tsx';
export { VerificationBadge } from './components/VerificationBadge.tsx';
export { WarningBadges } from './components/WarningBadges.tsx';
export {
  carrierUnverifiedMessage,
  isWhitelistUnconfirmed,
  type OverrideKind,
  WhitelistOverrideDialog,
} from './components/WhitelistOverrideDialog.tsx';
export { verificationTexts } from './messages.ts';
