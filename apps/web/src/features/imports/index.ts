export { ImportButton } from './ImportButton.tsx';
export { ImportPage } from './ImportPage.tsx';
