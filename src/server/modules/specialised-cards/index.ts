/** The specialised-cards module's public surface: other modules and the server's composition roots import only this. */

export {
  diffSubprocessorLists,
  forgetAnnouncedList,
  pendingSubprocessorChanges,
  type UpcomingSubprocessorChange,
  upcomingSubprocessorChanges,
} from './announced-list';
export { buildSpecialisedView } from './build-specialised-view';
export { specialisedCardRoutes } from './routes';
