export { agentRoutes } from './routes';
