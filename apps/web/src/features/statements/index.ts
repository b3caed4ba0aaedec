export { StatementImportPage } from './StatementImportPage.tsx';
