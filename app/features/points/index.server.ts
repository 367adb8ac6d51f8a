// Creator points' server entry: earning (uploads, links, share-link visits), the ledger and what points buy.
export {
  awardPoints,
  FEATURED_CREATORS,
  featuredCreators,
  LEDGER_PAGE_SIZE,
  LONG_UPLOAD_SECONDS,
  POINTS,
  pointsLedger,
  recordRefVisit,
  uploadReason,
  type FeaturedCreator,
  type LedgerEntry,
} from "./points.server";
