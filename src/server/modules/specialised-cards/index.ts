/** The specialised-cards module's public surface: other modules and the server's composition roots import only this. */
export { buildSpecialisedView } from './build-specialised-view';
export { specialisedCardRoutes } from './routes';
