/** Issue 39: positions and the ETA on the office's side. */
export { ApiKeysPanel } from './ApiKeysPanel.tsx';
export { EtaMark } from './EtaMark.tsx';
export { positionsTexts } from './messages.ts';
export { PositionsPanel } from './PositionsPanel.tsx';
