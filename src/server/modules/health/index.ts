/** The health module's public surface: other modules and the server's composition roots import only this. */

export { readinessReport } from './check-readiness';
export { type HealthListener, startHealthListener } from './health-listener';
export { healthRoutes } from './routes';
