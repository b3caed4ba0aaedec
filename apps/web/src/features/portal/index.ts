/** The carrier's link on the office's side (issue 25): the order modal's tabs. The carrier's page is its own entry. */

export { officeTexts as portalTexts } from './messages.ts';
export { type PortalLinkState, usePortalLink } from './office/api.ts';
export { PortalBadge } from './office/PortalBadge.tsx';
export { PortalMarksCell } from './office/PortalMarks.tsx';
export { OrderDocumentsPanel, PortalLinkPanel } from './office/PortalPanels.tsx';
