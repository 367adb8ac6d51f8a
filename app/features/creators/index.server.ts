// Creators' server entry: a creator's page (clips, sort and paging) and the address a renamed creator moved to.
export { type CreatorSort, loadCreatorPage, renamedCreatorSlug } from "./creators.server";
