export { StatsPage } from './components/StatsPage.tsx';
