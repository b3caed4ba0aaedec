/** Issue 26: statutory interest and compensation on an invoice, and its interest notes. */
export { hasInterest, InterestModal } from './InterestModal.tsx';
export { interestUiMessages } from './messages.ts';
