/** The cards module's public surface: other modules and the server's composition roots import only this. */
export { checkIconImage, iconContentTypes } from './icon-image';
export { listCardViews } from './list-card-views';
export { ensureCatalogueItems, materialiseCatalogue } from './materialise-catalogue';
export { deleteAsset, findItemRow, findProductOfOrganisation, insertAsset } from './queries';
export { replaceItemFiles } from './replace-item-files';
export { cardRoutes } from './routes';
export type { WriteContext } from './staff-writes';
export {
  assertCanEdit,
  invalid,
  inWriteTransaction,
  lockProduct,
  mainCardView,
  recordChange,
} from './staff-writes';
