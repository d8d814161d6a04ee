import { RecommenderPage } from '../../features/recommender/components/recommender-page';

export function RecommenderRoute() {
  return <RecommenderPage />;
}
