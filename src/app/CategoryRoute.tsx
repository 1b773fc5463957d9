import { useParams } from 'react-router';
import { pathCategory } from '../domain/pathCategory';
import CataloguePage from '../features/catalogue/CataloguePage';
import NotFoundPage from '../features/notFound/NotFoundPage';

/** /listproducts/{category}: the catalogue opened on a known category, named in any case; any other is not found. */
export default function CategoryRoute() {
  return pathCategory(useParams().category) ? <CataloguePage /> : <NotFoundPage />;
}
