export { CommunityProjectsPage } from './components/community-projects-page';
