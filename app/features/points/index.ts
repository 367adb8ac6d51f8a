// Creator points' browser entry: the ledger a creator sees and the "Featured creators" row points buy.
export { FeaturedCreators } from "./components/featured-creators";
export { PointsLedger } from "./components/points-ledger";
